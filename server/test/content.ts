import type { InjectOptions } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { openSession } from "../lib/sessions/sessions.ts";
import { joinAsMember } from "./accounts.ts";
import { useTestApp } from "./app.ts";
import type { TestDatabaseTarget } from "./databases.ts";
import { tempDirs } from "./temp-dirs.ts";

export type Who = "visitor" | "member" | "admin";

/**
 * For an events or blog test file, per database: the real app on a fresh database with
 * its own DATA_DIR, an admin session and a member's. `as(who)` sends a request as them.
 */
export function contentTestApp(target: TestDatabaseTarget, env: Record<string, string> = {}) {
  const temp = tempDirs();
  let dataDir = "";
  const cookies: Record<Who, Record<string, string>> = { visitor: {}, member: {}, admin: {} };

  // Registered before the app: the folder is removed after the app is closed.
  afterAll(() => temp.removeAll());
  const setup = useTestApp(target, () => {
    dataDir = temp.make("content");
    return { env: { DATA_DIR: dataDir, ...env } };
  });
  beforeAll(async () => {
    cookies.admin = { gemwire_admin: await openSession(setup.database, { admin: true }) };
    cookies.member = (await joinAsMember(setup.app, setup.database)).cookies;
  });

  return {
    get app() {
      return setup.app;
    },
    get database() {
      return setup.database;
    },
    get dataDir() {
      return dataDir;
    },
    cookies,
    /** A request as the visitor, a member or the admin. */
    as: (who: Who, options: InjectOptions) => setup.app.inject({ ...options, cookies: cookies[who] }),
    /** The same request as the admin, expecting success: the answer's JSON. */
    admin: async (options: InjectOptions) => {
      const response = await setup.app.inject({ ...options, cookies: cookies.admin });
      if (response.statusCode >= 300) throw new Error(`${options.method} ${options.url}: ${response.body}`);
      return response.statusCode === 204 ? null : response.json();
    },
  };
}
