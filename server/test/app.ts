import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/database.ts";
import type { NormalisedItem } from "../lib/feed-reader/normalise.ts";
import type { AdminPassword } from "../modules/admin/admin-password.ts";
import { upsertArticles } from "../modules/articles/repository.ts";
import type { HubOptions } from "../modules/community/notification-hub.ts";
import type { Sources } from "../modules/feeds/sources.ts";
import type { PriceService } from "../modules/market/price-service.ts";
import type { MemberFeedRoutesOptions } from "../modules/member-feeds/routes.ts";
import type { PageFetchPolicy } from "../modules/pages/page-reads.ts";
import type { TrendsService } from "../modules/trends/service.ts";
import { openTestDatabase, type TestDatabaseTarget, testDatabaseTargets } from "./databases.ts";

/** The real app on a real database, quiet, with configuration overrides as an operator would set them. */
export async function buildTestApp(
  database: Database,
  options: {
    env?: Record<string, string>;
    webRoot?: string;
    adminPassword?: AdminPassword;
    wakeFeedScheduler?: () => void;
    prices?: PriceService;
    notificationStreams?: HubOptions;
    trends?: TrendsService;
    analysis?: { pageFetch?: PageFetchPolicy };
    memberFeeds?: MemberFeedRoutesOptions;
    /** Feed addresses and relays, when the test serves the feeds itself. */
    sources?: Sources;
  } = {},
) {
  const config = loadConfig({ LOG_LEVEL: "silent", ...options.env });
  return buildApp({
    config,
    database,
    webRoot: options.webRoot,
    adminPassword: options.adminPassword,
    wakeFeedScheduler: options.wakeFeedScheduler,
    prices: options.prices,
    notificationStreams: options.notificationStreams,
    trends: options.trends,
    analysis: options.analysis,
    memberFeeds: options.memberFeeds,
    sources: options.sources,
  });
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
  let handle: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    handle = await openTestDatabase(target);
    await upsertArticles(handle.database, source, items(), now);
    app = await buildTestApp(handle.database);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });
  const ready = () => {
    if (!handle || !app) throw new Error("the feed's app is not ready yet");
    return { app, database: handle.database };
  };
  return { ready, get: (url: string) => ready().app.inject({ method: "GET", url }) };
}
