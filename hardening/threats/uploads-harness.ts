/**
 * The T9 app (uploads.test.ts): the real app on a fresh database with DATA_DIR two levels
 * inside a temporary folder, member and admin sessions that stay under the upload limits,
 * an upload as a form, and the check that a stored upload is safe to serve.
 */
import fs from "node:fs";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, expect } from "vitest";
import { cookieOf, joinAsMember, TEST_ADMIN_PASSWORD } from "../../server/test/accounts.ts";
import { useTestApp } from "../../server/test/app.ts";
import type { TestDatabaseTarget } from "../../server/test/databases.ts";
import { tempDirs } from "../../server/test/temp-dirs.ts";
import { multipart } from "../../server/test/uploads.ts";
import { concretePath } from "../routes.ts";
import type { Hostile } from "./uploads-files.ts";

export const OWN_ORIGIN = "http://localhost:80";
export const STORED_ADDRESS = /\/api\/[a-z/-]+\/[0-9a-f-]{36}\.webp/;

/** The hooks and helpers of T9 on one database; call inside the `describe`. */
export function uploadsApp(target: TestDatabaseTarget) {
  const dirs = tempDirs();
  let outside: string;
  let addresses = 0;

  // Registered first, so it runs after the app is closed and the database dropped.
  afterAll(() => dirs.removeAll());
  const setup = useTestApp(target, () => {
    // DATA_DIR two levels down, so a name climbing out of it lands where the test can see.
    outside = dirs.make("t9-outside");
    const dataDir = path.join(outside, "deep", "data");
    fs.mkdirSync(dataDir, { recursive: true });
    return { env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DATA_DIR: dataDir, MEMBER_FEEDS: "on" } };
  });

  let current: { cookies: Record<string, string>; from: string; uses: number } | undefined;
  /**
   * Member and admin sessions from one address, renewed before the upload limits (per
   * member, per admin session, per address) would bite; `renew` forces new ones.
   */
  async function sessions(renew = false) {
    if (!current || renew || current.uses >= 15) {
      const member = await joinAsMember(setup.app, setup.database);
      const from = `10.9.${(++addresses >> 8) & 255}.${addresses & 255}`;
      const admin = await setup.app.inject({
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
    return setup.app.inject({
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
    const served = await setup.app.inject({ method: "GET", url: address ?? "" });
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

  return {
    get app() {
      return setup.app;
    },
    /** The folder DATA_DIR is two levels inside: whatever climbs out of DATA_DIR lands here. */
    get outside() {
      return outside;
    },
    sessions,
    upload,
    expectSafelyStored,
  };
}
