import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { runMaintenance } from "../../jobs/maintenance.ts";
import { openSession } from "../../lib/sessions/sessions.ts";
import { createLogger } from "../../logger.ts";
import { contentTestApp } from "../../test/content.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { multipart, pixelBombPng } from "../../test/uploads.ts";
import { blogImageDir } from "./blog-images.ts";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#f59e0b" } })
    .png()
    .toBuffer();

const IMAGE_ADDRESS = /^\/api\/blog\/images\/[0-9a-f-]{36}\.webp$/;

describe.each(testDatabaseTargets())("blog images on $dialect", (target) => {
  const ctx = contentTestApp(target);
  const upload = (body: ReturnType<typeof multipart>, address = "203.0.113.7") =>
    ctx.app.inject({
      method: "POST",
      url: "/api/admin/blog/images",
      cookies: ctx.cookies.admin,
      remoteAddress: address,
      ...body,
    });
  const stored = () => fs.readdirSync(blogImageDir(ctx.dataDir), { withFileTypes: false }).sort();
  let uploads = 0;
  /** Uploads a small PNG from an address of its own (the per-address limit is tested apart). */
  const uploadPng = async () => {
    const response = await upload(multipart("p.png", "image/png", await png(40, 30)), `198.18.0.${++uploads}`);
    expect(response.statusCode).toBe(201);
    return response.json().image as string;
  };

  beforeEach(async () => {
    await ctx.database.db.deleteFrom("blog_posts").execute();
    await ctx.database.db.deleteFrom("rate_limits").execute();
  });

  it("stores a picture by its bytes as a fresh WebP (a PNG named .gif), and serves it for good", async () => {
    const picture = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#10b981" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner" } } })
      .toBuffer();
    const renamed = await upload(multipart("holiday.gif", "image/gif", picture));
    expect(renamed.statusCode).toBe(201);
    const { image } = renamed.json();
    expect(image).toMatch(IMAGE_ADDRESS);
    const served = await ctx.as("visitor", { method: "GET", url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // At most 1600 px on the longer side, the shape kept, no metadata left.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "webp", width: 1600, height: 800 });
    expect(served.rawPayload.includes(Buffer.from("secret-camera-owner"))).toBe(false);
    // A small picture is never enlarged.
    const small = await upload(multipart("small.png", "image/png", await png(300, 200)));
    const smallServed = await ctx.as("visitor", { method: "GET", url: small.json().image });
    expect(await sharp(smallServed.rawPayload).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it.each([
    ["a text file named .png", multipart("notes.png", "image/png", Buffer.from("just some notes")), 415, "Choose a"],
    [
      "an HTML page named .jpg",
      multipart("x.jpg", "image/jpeg", Buffer.from("<html><script>alert(1)</script></html>")),
      415,
      "Choose a PNG, JPEG, GIF or WebP picture",
    ],
    [
      "a file over 5 MB",
      multipart("big.png", "image/png", Buffer.concat([pixelBombPng().subarray(0, 8), Buffer.alloc(6 * 1024 * 1024)])),
      413,
      "The picture is larger than 5 MB",
    ],
    [
      "a PNG claiming 50,000 × 50,000 pixels",
      multipart("bomb.png", "image/png", pixelBombPng()),
      400,
      "The picture has too many pixels (at most 16 megapixels)",
    ],
    [
      "a PNG cut short",
      multipart("cut.png", "image/png", pixelBombPng().subarray(0, 40)),
      400,
      "This file is not a picture we can read",
    ],
  ])("refuses %s, storing nothing", async (_, body, status, message) => {
    const before = fs.existsSync(blogImageDir(ctx.dataDir)) ? stored() : [];
    const response = await upload(body);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toContain(message);
    expect(fs.existsSync(blogImageDir(ctx.dataDir)) ? stored() : []).toEqual(before);
  });

  it("asks for a multipart form, and for a file in it", async () => {
    const json = await ctx.as("admin", { method: "POST", url: "/api/admin/blog/images", payload: { file: "x" } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe("Send the picture as multipart/form-data");
    const boundary = "----empty";
    const empty = await ctx.as("admin", {
      method: "POST",
      url: "/api/admin/blog/images",
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${boundary}--\r\n`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe("Choose a picture to upload");
  });

  it("serves only names it gave", async () => {
    for (const name of ["nope.webp", "..%2Fgemwire.db", "0b6c7a4e-2f1d-4c3b-9a8e-7d6c5b4a3f2e.webp"]) {
      const response = await ctx.as("visitor", { method: "GET", url: `/api/blog/images/${name}` });
      expect(response.statusCode).toBe(404);
    }
  });

  it("limits uploads to 30 in 10 minutes per admin session, and per address", async () => {
    const picture = await png(8, 8);
    const send = (address: string, cookies: Record<string, string>) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/admin/blog/images",
        cookies,
        remoteAddress: address,
        ...multipart("p.png", "image/png", picture),
      });
    for (let i = 0; i < 30; i++) expect((await send(`198.19.1.${i}`, ctx.cookies.admin)).statusCode).toBe(201);
    const sameSession = await send("198.19.1.200", ctx.cookies.admin);
    expect(sameSession.statusCode).toBe(429);
    expect(sameSession.headers["retry-after"]).toEqual(expect.any(String));

    const newSession = async () => ({ gemwire_admin: await openSession(ctx.database, { admin: true }) });
    for (let i = 0; i < 30; i++) expect((await send("198.19.2.1", await newSession())).statusCode).toBe(201);
    expect((await send("198.19.2.1", await newSession())).statusCode).toBe(429);
  });

  it("lets a post show an upload, and removes the file once no post shows it", async () => {
    const image = await uploadPng();
    const name = image.split("/").pop() as string;
    const save = (form: object) => ctx.admin({ method: "POST", url: "/api/admin/blog", payload: form });
    const first = await save({ title: "One", image });
    const second = await save({ title: "Two", image });
    await ctx.admin({ method: "DELETE", url: `/api/admin/blog/${first.id}` });
    expect(stored()).toContain(name);
    // The second post changes to an outside picture: nothing shows the upload any more.
    await ctx.admin({
      method: "PUT",
      url: `/api/admin/blog/${second.id}`,
      payload: { title: "Two", image: "https://img.example/x.png" },
    });
    expect(stored()).not.toContain(name);
    expect((await ctx.as("visitor", { method: "GET", url: image })).statusCode).toBe(404);

    const third = await save({ title: "Three", image: await uploadPng() });
    const thirdName = third.image.split("/").pop();
    await ctx.admin({ method: "DELETE", url: `/api/admin/blog/${third.id}` });
    expect(stored()).not.toContain(thirdName);
  });

  it("prunes uploads no post shows a day after they were made, never one a post shows", async () => {
    const shown = await uploadPng();
    const abandoned = await uploadPng();
    const fresh = await uploadPng();
    await ctx.admin({ method: "POST", url: "/api/admin/blog", payload: { title: "Shows it", image: shown } });
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    for (const image of [shown, abandoned]) {
      fs.utimesSync(path.join(blogImageDir(ctx.dataDir), image.split("/").pop() as string), dayAgo, dayAgo);
    }
    await runMaintenance({
      database: ctx.database,
      dataDir: ctx.dataDir,
      accountPurgeMs: 30 * 86_400_000,
      holder: "test",
      log: createLogger({ logLevel: "silent" }),
    });
    const left = stored();
    expect(left).toContain(shown.split("/").pop());
    expect(left).toContain(fresh.split("/").pop());
    expect(left).not.toContain(abandoned.split("/").pop());
  });
});
