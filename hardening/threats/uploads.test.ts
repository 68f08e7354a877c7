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
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { fileTree } from "../database-dump.ts";
import { appRoutes, STATE_CHANGING } from "../routes.ts";
import { tried } from "../tally.ts";
import { hostileFiles, malformedForms, SVG, UPLOAD_ROUTES } from "./uploads-files.ts";
import { OWN_ORIGIN, STORED_ADDRESS, uploadsApp } from "./uploads-harness.ts";

describe.each(testDatabaseTargets())("T9 hostile uploads on $dialect", (target) => {
  const t9 = uploadsApp(target);
  const { sessions, upload, expectSafelyStored } = t9;

  it("finds every route that takes a file by offering one to every state-changing route", async () => {
    const { app } = t9;
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
    const { app, outside } = t9;
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
    const { app } = t9;
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const { cases, part, end, form } = malformedForms(png);
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
    const { app, outside } = t9;
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
