import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { runMaintenance } from "../../jobs/maintenance.ts";
import { createLogger } from "../../logger.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { tempDirs } from "../../test/temp-dirs.ts";
import { multipart, pixelBombPng } from "../../test/uploads.ts";
import { createInvite } from "./invites.ts";

const PASSWORD = "correct horse battery";
const temp = tempDirs();
afterAll(() => temp.removeAll());

describe.each(testDatabaseTargets())("profile, picture and account deletion on $dialect", (target) => {
  let dataDir: string;
  let count = 0;

  const setup = useTestApp(target, () => {
    dataDir = temp.make("data");
    return { env: { ADMIN_PASSWORD: "admin password for tests", DATA_DIR: dataDir } };
  });

  async function member(name = `member_${count++}`) {
    const { code } = await createInvite(setup.database, {});
    const response = await setup.app.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { inviteCode: code, handle: name, password: PASSWORD },
      remoteAddress: `192.0.2.${count}`,
    });
    const session = response.cookies.find((c) => c.name === "gemwire_session")?.value ?? "";
    return { name, cookies: { gemwire_session: session } };
  }

  it("updates username and email, and clears them with empty values", async () => {
    const { cookies } = await member();
    const saved = await setup.app.inject({
      method: "PATCH",
      url: "/api/me",
      cookies,
      payload: { username: "Ada", email: "ada@example.org" },
    });
    expect(saved.json().user).toMatchObject({ username: "Ada", email: "ada@example.org" });
    const cleared = await setup.app.inject({
      method: "PATCH",
      url: "/api/me",
      cookies,
      payload: { username: "", email: "" },
    });
    expect(cleared.json().user).toMatchObject({ username: null, email: null });
    const bad = await setup.app.inject({ method: "PATCH", url: "/api/me", cookies, payload: { email: "nope" } });
    expect(bad.statusCode).toBe(400);
  });

  it("stores an uploaded picture re-encoded as WebP, without its metadata, and serves it safely", async () => {
    const { cookies } = await member();
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#10b981" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner" } } })
      .toBuffer();
    const upload = multipart("me.jpg", "image/jpeg", jpeg);
    const response = await setup.app.inject({ method: "POST", url: "/api/me/avatar", cookies, ...upload });
    expect(response.statusCode).toBe(200);
    const avatar: string = response.json().user.avatar;
    expect(avatar).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\.webp$/);
    const served = await setup.app.inject({ method: "GET", url: avatar });
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    const info = await sharp(served.rawPayload).metadata();
    expect(info).toMatchObject({ format: "webp", width: 512, height: 512 });
    expect(served.rawPayload.includes(Buffer.from("secret-camera-owner"))).toBe(false);
    expect(fs.readdirSync(path.join(dataDir, "avatars"))).toContain(avatar.split("/").pop());
  });

  it.each([
    [256, 256, 256],
    [600, 300, 300],
    [2000, 1500, 512],
  ])("never enlarges a picture: %i × %i px is stored %i px square", async (width, height, side) => {
    const { cookies } = await member();
    const png = await sharp({ create: { width, height, channels: 3, background: "#f59e0b" } })
      .png()
      .toBuffer();
    const upload = multipart("me.png", "image/png", png);
    const response = await setup.app.inject({ method: "POST", url: "/api/me/avatar", cookies, ...upload });
    expect(response.statusCode).toBe(200);
    const stored = await setup.app.inject({ method: "GET", url: response.json().user.avatar });
    expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ format: "webp", width: side, height: side });
  });

  it("refuses an HTML file renamed .png", async () => {
    const { cookies } = await member();
    const upload = multipart("cat.png", "image/png", Buffer.from("<html><script>alert(1)</script></html>"));
    const response = await setup.app.inject({ method: "POST", url: "/api/me/avatar", cookies, ...upload });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe("Choose a PNG, JPEG or GIF picture");
  });

  it("refuses a PNG claiming 50,000 × 50,000 pixels", async () => {
    const { cookies } = await member();
    const response = await setup.app.inject({
      method: "POST",
      url: "/api/me/avatar",
      cookies,
      ...multipart("bomb.png", "image/png", pixelBombPng()),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("The picture has too many pixels (at most 16 megapixels)");
  });

  it("refuses a file over 5 MB", async () => {
    const { cookies } = await member();
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(6 * 1024 * 1024),
    ]);
    const response = await setup.app.inject({
      method: "POST",
      url: "/api/me/avatar",
      cookies,
      ...multipart("big.png", "image/png", big),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe("The picture is larger than 5 MB");
  });

  it("needs a member to change a profile", async () => {
    const response = await setup.app.inject({ method: "PATCH", url: "/api/me", payload: { username: "x" } });
    expect(response.statusCode).toBe(401);
  });

  it("deletes an account: sign-in stops at once, the handle is freed only by the purge", async () => {
    const { name, cookies } = await member("leaving_member");
    const wrongConfirm = await setup.app.inject({
      method: "DELETE",
      url: "/api/me",
      cookies,
      payload: { handle: "someone_else" },
    });
    expect(wrongConfirm.statusCode).toBe(400);
    const deleted = await setup.app.inject({
      method: "DELETE",
      url: "/api/me",
      cookies,
      payload: { handle: `@${name}` },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await setup.app.inject({ method: "GET", url: "/api/me", cookies })).json()).toEqual({
      user: null,
      admin: false,
    });
    const signIn = await setup.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { handle: name, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    const { code } = await createInvite(setup.database, {});
    const reuse = () =>
      setup.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload: { inviteCode: code, handle: name, password: PASSWORD },
        remoteAddress: "192.0.2.250",
      });
    expect((await reuse()).statusCode).toBe(409);

    const ctx = {
      database: setup.database,
      dataDir,
      accountPurgeMs: 30 * 86_400_000,
      holder: "t",
      log: createLogger({ logLevel: "silent" }),
    };
    await runMaintenance(ctx, Date.now() + 29 * 86_400_000);
    expect((await reuse()).statusCode).toBe(409);
    await runMaintenance(ctx, Date.now() + 31 * 86_400_000);
    const named = await setup.database.db.selectFrom("invites").select("id").where("used_by", "=", name).execute();
    expect(named).toEqual([]);
    expect((await reuse()).statusCode).toBe(201);
  });
});
