import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { type AppOptions, buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { NormalisedItem } from "../lib/feed-reader/normalise.ts";
import { upsertArticles } from "../modules/articles/repository.ts";
import {
  openTestDatabase,
  type TestDatabaseHandle,
  type TestDatabaseTarget,
  testDatabaseTargets,
} from "./databases.ts";

/** What a test may set on the app it builds: `buildApp`'s options, and the operator's configuration as `env`. */
export type TestAppOptions = Omit<AppOptions, "config" | "database" | "logger"> & { env?: Record<string, string> };

/** The real app on a real database, quiet, with configuration overrides as an operator would set them. */
export async function buildTestApp(database: Database, { env, ...options }: TestAppOptions = {}) {
  return buildApp({ config: loadConfig({ LOG_LEVEL: "silent", ...env }), database, ...options });
}

/**
 * Runs `use` against a fresh app on a fresh database (the first test dialect), closing
 * and dropping both afterwards, for tests that need the app configured their own way.
 */
export async function withTestApp(
  env: Record<string, string>,
  use: (app: FastifyInstance, database: Database) => Promise<void>,
): Promise<void> {
  const [target] = testDatabaseTargets();
  if (!target) throw new Error("no test database");
  const handle = await openTestDatabase(target);
  const app = await buildTestApp(handle.database, { env });
  try {
    await use(app, handle.database);
  } finally {
    await app.close();
    await handle.dispose();
  }
}

/**
 * Within a describe block: a fresh database holding `items` stored as one source's feed
 * read at `now`, and the real app serving it, both closed after the block.
 */
export function appServingFeed(target: TestDatabaseTarget, source: string, items: () => NormalisedItem[], now: number) {
  const context = useTestApp(target, { seed: (database) => upsertArticles(database, source, items(), now) });
  const ready = () => ({ app: context.app, database: context.database });
  return { ready, get: (url: string) => context.app.inject({ method: "GET", url }) };
}

/** How `useTestApp` sets up: the app's options, and what to do around building it. */
export type UseTestAppOptions = TestAppOptions & {
  /** Rows written before the app is built (what the tests read, or what a start-up job must find). */
  seed?: (database: Database) => Promise<unknown> | unknown;
  /** The app is built on what this makes of the database: a wrapper that counts or fails its queries. */
  wrap?: (database: Database) => Database;
};

/** What `useTestApp` keeps; reading any of it before the setup ran is a mistake in the test. */
export type TestAppContext = {
  readonly app: FastifyInstance;
  /** The database as opened (not the `wrap`ped one). */
  readonly database: Database;
  /** Where the database lives, for a second app on a connection of its own (another process). */
  readonly handle: TestDatabaseHandle;
};

/**
 * Within a describe block: a fresh database on `target` and the real app on it, built
 * before the block's tests (or before each test, with `perTest`) and closed and dropped
 * after. `options` may be a function of the open database, called inside the hook, when
 * they depend on something made there (a temporary directory, a server, a service on the
 * database).
 */
export function useTestApp(
  target: TestDatabaseTarget,
  options: UseTestAppOptions | ((database: Database) => UseTestAppOptions | Promise<UseTestAppOptions>) = {},
  { perTest = false }: { perTest?: boolean } = {},
): TestAppContext {
  let handle: TestDatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  const setUp = async () => {
    handle = await openTestDatabase(target);
    const { seed, wrap, ...appOptions } = typeof options === "function" ? await options(handle.database) : options;
    await seed?.(handle.database);
    app = await buildTestApp(wrap ? wrap(handle.database) : handle.database, appOptions);
    await app.ready();
  };
  const tearDown = async () => {
    await app?.close();
    await handle?.dispose();
    app = undefined;
    handle = undefined;
  };
  if (perTest) {
    beforeEach(setUp);
    afterEach(tearDown);
  } else {
    beforeAll(setUp);
    afterAll(tearDown);
  }
  const opened = () => {
    if (!handle) throw new Error("the test database is not open yet: read it inside a test or hook");
    return handle;
  };
  return {
    get app() {
      if (!app) throw new Error("the test app is not built yet: read it inside a test or hook");
      return app;
    },
    get database() {
      return opened().database;
    },
    get handle() {
      return opened();
    },
  };
}
