/**
 * T9 — hostile uploads. The routes that take a file are found by offering a real picture
 * to every state-changing route the router has (so a new upload route is swept too, and
 * must be named here to pass); then every hostile file — SVG with script, HTML or ZIP
 * named .png, polyglots, pixel floods, truncated pictures, path names in file names, too
 * large, wrong types — goes to each of them. Each is refused with a clear 4xx or stored as
 * a fresh WebP under its own generated name in the uploads folder; nothing is written
 * anywhere else in DATA_DIR (or beside it); and what is served back is image/webp with
 * `nosniff`, never markup.
 */
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES } from "../../server/lib/images.ts";
import { cookieOf, joinAsMember, TEST_ADMIN_PASSWORD } from "../../server/test/accounts.ts";
import { buildTestApp } from "../../server/test/app.ts";
import { openTestDatabase, testDatabaseTargets } from "../../server/test/databases.ts";
import { tempDirs } from "../../server/test/temp-dirs.ts";
import { multipart, pixelBombPng } from "../../server/test/uploads.ts";
import { fileTree } from "../database-dump.ts";
import { appRoutes, concretePath, STATE_CHANGING } from "../routes.ts";
import { tried } from "../tally.ts";

const OWN_ORIGIN = "http://localhost:80";
const STORED_ADDRESS = /\/api\/[a-z/-]+\/[0-9a-f-]{36}\.webp/;

/** The upload routes there are, with the picture types each accepts (the refusal names them). */
const UPLOAD_ROUTES: Record<string, string> = {
  "POST /api/me/avatar": "Choose a PNG, JPEG or GIF picture",
  "POST /api/admin/blog/images": "Choose a PNG, JPEG, GIF or WebP picture",
};

type Outcome = { refused: 400 | 413 | 415; message: string | "types" } | { stored: true } | { refusedOrStored: true };

type Hostile = { name: string; filename: string; type: string; bytes: Buffer; outcome: Outcome };

const SCRIPT = "<script>alert(document.cookie)</script>";
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>`;
const HTML = `<!doctype html><html><body>${SCRIPT}</body></html>`;
/** A ZIP archive's local file header, then a file inside. */
const ZIP = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0, 0]),
  Buffer.from(`evil.html${HTML}`),
]);

async function hostileFiles(): Promise<Hostile[]> {
  const tiny = { width: 8, height: 6, channels: 3 as const, background: "#f59e0b" };
  const png = await sharp({ create: tiny }).png().toBuffer();
  const gif = await sharp({ create: tiny }).gif().toBuffer();
  const jpeg = await sharp({ create: tiny }).jpeg().toBuffer();
  // A PNG carrying markup in a text chunk, before its end: metadata must not survive.
  const end = png.length - 12;
  const textChunk = Buffer.concat([
    Buffer.from([0, 0, 0, SCRIPT.length + 8]),
    Buffer.from("tEXtComment\u0000"),
    Buffer.from(SCRIPT),
  ]);
  const pngWithText = Buffer.concat([
    png.subarray(0, end),
    textChunk.subarray(0, 4 + 4 + SCRIPT.length + 8),
    png.subarray(end),
  ]);
  const stored = { stored: true } as const;
  const types = (status: 415) => ({ refused: status, message: "types" }) as const;
  const unreadable = { refused: 400, message: "This file is not a picture we can read" } as const;
  return [
    { name: "SVG with script", filename: "x.svg", type: "image/svg+xml", bytes: Buffer.from(SVG), outcome: types(415) },
    { name: "SVG named .png", filename: "x.png", type: "image/png", bytes: Buffer.from(SVG), outcome: types(415) },
    { name: "HTML named .png", filename: "x.png", type: "image/png", bytes: Buffer.from(HTML), outcome: types(415) },
    { name: "HTML as text/html", filename: "x.html", type: "text/html", bytes: Buffer.from(HTML), outcome: types(415) },
    { name: "ZIP named .png", filename: "x.png", type: "image/png", bytes: ZIP, outcome: types(415) },
    { name: "empty file", filename: "x.png", type: "image/png", bytes: Buffer.alloc(0), outcome: types(415) },
    {
      name: "GIF header then script (polyglot)",
      filename: "x.gif",
      type: "image/gif",
      bytes: Buffer.from(`GIF89a/*${"\u0000".repeat(8)}*/=1;${SCRIPT}`),
      outcome: unreadable,
    },
    {
      name: "JPEG header then HTML",
      filename: "x.jpg",
      type: "image/jpeg",
      bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML)]),
      outcome: unreadable,
    },
    {
      name: "PNG header then HTML",
      filename: "x.png",
      type: "image/png",
      bytes: Buffer.concat([png.subarray(0, 8), Buffer.from(HTML)]),
      outcome: unreadable,
    },
    {
      name: "truncated PNG",
      filename: "x.png",
      type: "image/png",
      bytes: png.subarray(0, png.length >> 1),
      outcome: unreadable,
    },
    {
      name: "truncated JPEG",
      filename: "x.jpg",
      type: "image/jpeg",
      bytes: jpeg.subarray(0, jpeg.length >> 1),
      outcome: { refusedOrStored: true },
    },
    {
      name: "pixel flood (50,000 × 50,000 PNG)",
      filename: "x.png",
      type: "image/png",
      bytes: pixelBombPng(),
      outcome: { refused: 400, message: "The picture has too many pixels (at most 16 megapixels)" },
    },
    {
      name: "larger than 5 MB",
      filename: "x.png",
      type: "image/png",
      bytes: Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES)]),
      outcome: { refused: 413, message: "The picture is larger than 5 MB" },
    },
    {
      name: "GIF with script after its end",
      filename: "x.gif",
      type: "image/gif",
      bytes: Buffer.concat([gif, Buffer.from(HTML)]),
      outcome: stored,
    },
    {
      name: "PNG with script in a text chunk",
      filename: "x.png",
      type: "image/png",
      bytes: pngWithText,
      outcome: { refusedOrStored: true },
    },
    { name: "PNG declared text/html", filename: "x.html", type: "text/html", bytes: png, outcome: stored },
    { name: "PNG declared image/svg+xml", filename: "x.svg", type: "image/svg+xml", bytes: png, outcome: stored },
    { name: "path in the name", filename: "../../etc/passwd.png", type: "image/png", bytes: png, outcome: stored },
    {
      name: "deeper path in the name",
      filename: "../../../../../../tmp/t9-escape.png",
      type: "image/png",
      bytes: png,
      outcome: stored,
    },
    {
      name: "backslash path in the name",
      filename: "..\\..\\t9-escape.png",
      type: "image/png",
      bytes: png,
      outcome: stored,
    },
    { name: "Windows drive in the name", filename: "C:\\x.png", type: "image/png", bytes: png, outcome: stored },
    {
      name: "absolute path in the name",
      filename: "/etc/t9-escape.png",
      type: "image/png",
      bytes: png,
      outcome: stored,
    },
    { name: "NUL in the name", filename: "x.png\u0000.html", type: "image/png", bytes: png, outcome: stored },
    {
      name: "markup in the name",
      filename: `"><img src=x onerror=alert(1)>.png`,
      type: "image/png",
      bytes: jpeg,
      outcome: stored,
    },
  ];
}

describe.each(testDatabaseTargets())("T9 hostile uploads on $dialect", (target) => {
  const dirs = tempDirs();
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let dataDir: string;
  let outside: string;
  let addresses = 0;

  beforeAll(async () => {
    handle = await openTestDatabase(target);
    // DATA_DIR two levels down, so a name climbing out of it lands where the test can see.
    outside = dirs.make("t9-outside");
    dataDir = path.join(outside, "deep", "data");
    fs.mkdirSync(dataDir, { recursive: true });
    app = await buildTestApp(handle.database, {
      env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DATA_DIR: dataDir, MEMBER_FEEDS: "on" },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.dispose();
    dirs.removeAll();
  });

  let current: { cookies: Record<string, string>; from: string; uses: number } | undefined;
  /**
   * Member and admin sessions from one address, renewed before the upload limits (per
   * member, per admin session, per address) would bite; `renew` forces new ones.
   */
  async function sessions(renew = false) {
    if (!current || renew || current.uses >= 15) {
      const member = await joinAsMember(app, handle.database);
      const from = `10.9.${(++addresses >> 8) & 255}.${addresses & 255}`;
      const admin = await app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: { password: TEST_ADMIN_PASSWORD },
        remoteAddress: from,
      });
      const cookies = { ...member.cookies, gemwire_admin: cookieOf(admin, "gemwire_admin")?.value ?? "" };
      current = { cookies, from, uses: 0 };
    }
    current.uses++;
    return current;
  }

  async function upload(route: string, method: string, file: Pick<Hostile, "filename" | "type" | "bytes">) {
    const { cookies, from } = await sessions();
    const body = multipart(file.filename, file.type, file.bytes);
    return app.inject({
      method: method as "POST",
      url: concretePath(route),
      payload: body.payload,
      headers: { ...body.headers, origin: OWN_ORIGIN },
      cookies,
      remoteAddress: from,
    });
  }

  /** A stored upload: a fresh WebP under its own name in DATA_DIR, served as image/webp with nosniff. */
  async function expectSafelyStored(answer: LightMyRequestResponse, what: string) {
    expect(answer.statusCode, `${what}: ${answer.body.slice(0, 200)}`).toBeLessThan(300);
    const address = STORED_ADDRESS.exec(answer.body)?.[0];
    expect(address, what).toBeDefined();
    const served = await app.inject({ method: "GET", url: address ?? "" });
    expect(served.statusCode, what).toBe(200);
    expect(served.headers["content-type"], what).toBe("image/webp");
    expect(served.headers["x-content-type-options"], what).toBe("nosniff");
    const bytes = served.rawPayload;
    expect(bytes.subarray(0, 4).toString("latin1") + bytes.subarray(8, 12).toString("latin1"), what).toBe("RIFFWEBP");
    for (const marker of ["<script", "<svg", "<html", "onerror", "PK\u0003\u0004"]) {
      expect(bytes.includes(Buffer.from(marker)), `${what} kept ${marker}`).toBe(false);
    }
    expect((await sharp(bytes).metadata()).format, what).toBe("webp");
  }

  it("finds every route that takes a file by offering one to every state-changing route", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const unsafe = appRoutes(app)
      .filter(({ method }) => STATE_CHANGING.has(method))
      // Signing out would end the sessions the rest use: those go last.
      .sort((a, b) => Number(a.route.endsWith("/logout")) - Number(b.route.endsWith("/logout")));
    const takesFiles: string[] = [];
    for (const { method, route } of unsafe) {
      const answer = await upload(route, method, { filename: "x.png", type: "image/png", bytes: png });
      if (answer.statusCode < 300 && STORED_ADDRESS.test(answer.body)) takesFiles.push(`${method} ${route}`);
    }
    expect(takesFiles.sort()).toEqual(Object.keys(UPLOAD_ROUTES).sort());
    await sessions(true);
    // A harmless picture finds the routes: nothing hostile was sent, so nothing is counted.
  });

  it("refuses or safely re-encodes every hostile file on every upload route, writing nowhere else", async ({
    task,
  }) => {
    const files = await hostileFiles();
    const before = fileTree(outside);
    const stored = new Set<string>();
    let sent = 0;
    for (const [key, typesMessage] of Object.entries(UPLOAD_ROUTES)) {
      const [method = "POST", route = ""] = key.split(" ");
      for (const file of files) {
        const what = `${key} ← ${file.name}`;
        const answer = await upload(route, method, file);
        sent++;
        const { outcome } = file;
        if ("refused" in outcome) {
          expect(answer.statusCode, what).toBe(outcome.refused);
          expect(answer.json().error.message, what).toBe(outcome.message === "types" ? typesMessage : outcome.message);
        } else if ("stored" in outcome || answer.statusCode < 300) {
          await expectSafelyStored(answer, what);
          stored.add(STORED_ADDRESS.exec(answer.body)?.[0] ?? "");
        } else {
          expect([400, 415], what).toContain(answer.statusCode);
          expect(answer.json().error.message, what).toMatch(/picture/);
        }
      }
      // Not a form upload at all.
      const json = await app.inject({
        method: method as "POST",
        url: route,
        payload: { file: SVG },
        headers: { origin: OWN_ORIGIN },
        cookies: (await sessions()).cookies,
      });
      sent++;
      expect(json.statusCode, key).toBe(415);
      expect(json.json().error.message, key).toBe("Send the picture as multipart/form-data");
    }
    // Every file written is one of the stored pictures, under an uploads folder with a generated name.
    const written = Object.keys(fileTree(outside)).filter((file) => !(file in before));
    for (const file of written) {
      expect(file, file).toMatch(/^deep\/data\/(avatars|blog-images)\/[0-9a-f-]{36}\.webp$/);
    }
    expect(written.length).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(outside, "etc"))).toBe(false);
    expect(fs.readdirSync(path.dirname(outside)).filter((name) => name.startsWith("t9-escape"))).toEqual([]);
    expect(stored.size).toBeGreaterThan(0);
    tried(task, "upload", sent);
  });

  it("answers every malformed form with a clear 4xx, never a 500", async ({ task }) => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const boundary = "----t9-boundary";
    const part = (field: string, filename: string | null, body: Buffer | string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"${filename === null ? "" : `; filename="${filename}"`}\r\nContent-Type: image/png\r\n\r\n`,
        ),
        Buffer.from(body),
        Buffer.from("\r\n"),
      ]);
    const end = Buffer.from(`--${boundary}--\r\n`);
    const form = `multipart/form-data; boundary=${boundary}`;
    const malformed = "The upload is not a well-formed multipart/form-data form";
    const noPicture = "Choose a picture to upload";
    const cases: Array<{ name: string; type: string; payload: Buffer; status: number; message?: string }> = [
      {
        name: "cut off before its end",
        type: form,
        payload: part("file", "x.png", png),
        status: 400,
        message: malformed,
      },
      {
        name: "cut off inside the file",
        type: form,
        payload: part("file", "x.png", png).subarray(0, 90),
        status: 400,
        message: malformed,
      },
      {
        name: "no boundary",
        type: "multipart/form-data",
        payload: Buffer.concat([part("file", "x.png", png), end]),
        status: 400,
        message: malformed,
      },
      {
        name: "another boundary",
        type: "multipart/form-data; boundary=other",
        payload: Buffer.concat([part("file", "x.png", png), end]),
        status: 400,
      },
      { name: "empty body", type: form, payload: Buffer.alloc(0), status: 400 },
      {
        name: "fields only",
        type: form,
        payload: Buffer.concat([part("note", null, "hi"), end]),
        status: 400,
        message: noPicture,
      },
      {
        name: "file without a file name",
        type: form,
        payload: Buffer.concat([part("file", null, png), end]),
        status: 400,
        message: noPicture,
      },
      {
        name: "twenty fields before the file",
        type: form,
        payload: Buffer.concat([
          ...Array.from({ length: 20 }, (_, i) => part(`f${i}`, null, "1")),
          part("file", "x.png", png),
          end,
        ]),
        status: 413,
        message: "Send one picture in the form field 'file', and nothing else",
      },
      {
        name: "SVG first, then a picture",
        type: form,
        payload: Buffer.concat([part("file", "a.png", SVG), part("file", "b.png", png), end]),
        status: 415,
      },
    ];
    let sent = 0;
    for (const key of Object.keys(UPLOAD_ROUTES)) {
      const [method = "POST", route = ""] = key.split(" ");
      for (const { name, type, payload, status, message } of cases) {
        const { cookies, from } = await sessions();
        const answer = await app.inject({
          method: method as "POST",
          url: route,
          payload,
          headers: { "content-type": type, origin: OWN_ORIGIN },
          cookies,
          remoteAddress: from,
        });
        sent++;
        expect(answer.statusCode, `${key} ← ${name}: ${answer.body}`).toBe(status);
        if (message) expect(answer.json().error.message, `${key} ← ${name}`).toBe(message);
      }
      // A picture, then an SVG: only the picture is read, and it is stored re-encoded.
      const { cookies, from } = await sessions();
      const both = await app.inject({
        method: method as "POST",
        url: route,
        payload: Buffer.concat([part("file", "a.png", png), part("file", "b.svg", SVG), end]),
        headers: { "content-type": form, origin: OWN_ORIGIN },
        cookies,
        remoteAddress: from,
      });
      sent++;
      await expectSafelyStored(both, `${key} ← a picture, then an SVG`);
    }
    tried(task, "upload", sent);
  });

  it("serves nothing but stored pictures from the upload folders, whatever the name asked for", async ({ task }) => {
    const secret = path.join(outside, "deep", "secret.webp");
    fs.writeFileSync(secret, "not for visitors");
    const names = [
      "..%2Fsecret.webp",
      "..%2F..%2Fsecret.webp",
      "%2E%2E%2F%2E%2E%2Fsecret.webp",
      "..%5C..%5Csecret.webp",
      "00000000-0000-4000-8000-000000000000.webp%00.html",
      "00000000-0000-4000-8000-000000000000.svg",
      "%2Fetc%2Fpasswd",
    ];
    let sent = 0;
    for (const folder of ["/api/avatars/", "/api/blog/images/"]) {
      for (const name of names) {
        const answer = await app.inject({ method: "GET", url: `${folder}${name}` });
        sent++;
        expect([400, 404], `${folder}${name}`).toContain(answer.statusCode);
        expect(answer.body, `${folder}${name}`).not.toContain("not for visitors");
      }
    }
    tried(task, "upload", sent);
  });
});
