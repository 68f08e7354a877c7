import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { openSession } from "../lib/sessions/sessions.ts";
import { joinAsMember } from "./accounts.ts";
import { buildTestApp } from "./app.ts";
import { openTestDatabase, type TestDatabaseTarget } from "./databases.ts";
import { tempDirs } from "./temp-dirs.ts";

export type Who = "visitor" | "member" | "admin";

/**
 * For an events or blog test file, per database: the real app on a fresh database with
 * its own DATA_DIR, an admin session and a member's. `as(who)` sends a request as them.
 */
export function contentTestApp(target: TestDatabaseTarget, env: Record<string, string> = {}) {
  const temp = tempDirs();
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: FastifyInstance;
  let dataDir = "";
  const cookies: Record<Who, Record<string, string>> = { visitor: {}, member: {}, admin: {} };

  beforeAll(async () => {
    handle = await openTestDatabase(target);
    dataDir = temp.make("content");
    app = await buildTestApp(handle.database, { env: { DATA_DIR: dataDir, ...env } });
    await app.ready();
    cookies.admin = { gemwire_admin: await openSession(handle.database, { admin: true }) };
    cookies.member = (await joinAsMember(app, handle.database)).cookies;
  });
  afterAll(async () => {
    await app.close();
    await handle.dispose();
    temp.removeAll();
  });

  return {
    get app() {
      return app;
    },
    get database() {
      return handle.database;
    },
    get dataDir() {
      return dataDir;
    },
    cookies,
    /** A request as the visitor, a member or the admin. */
    as: (who: Who, options: InjectOptions) => app.inject({ ...options, cookies: cookies[who] }),
    /** The same request as the admin, expecting success: the answer's JSON. */
    admin: async (options: InjectOptions) => {
      const response = await app.inject({ ...options, cookies: cookies.admin });
      if (response.statusCode >= 300) throw new Error(`${options.method} ${options.url}: ${response.body}`);
      return response.statusCode === 204 ? null : response.json();
    },
  };
}
