import type { FastifyInstance } from "fastify";
import { afterAll, beforeEach } from "vitest";
import { openDatabase } from "../db/connection.ts";
import { LOCAL_PAGES, type Route, startPriceApi, startSite, type TestSite } from "../modules/analysis/fixtures/site.ts";
import { buildTestApp, useTestApp } from "./app.ts";
import type { TestDatabaseHandle, TestDatabaseTarget } from "./databases.ts";

/*
 * The reader and analysis tests' common setup: article pages served from 127.0.0.1
 * (standing for the internet: LOCAL_PAGES; ALLOW_PRIVATE_SOURCES=1 only lets the coin
 * list reach the local price API), a price API, and an app on a test database, with
 * the page reads, analyses and rate limits forgotten before each test.
 */

type Asker = { remoteAddress?: string; cookies?: Record<string, string> };

/** The app options of the reader and analysis tests: the local price API, and 127.0.0.1 as the internet. */
export const articleAppOptions = (prices: { baseUrl: string }) => ({
  env: { ALLOW_PRIVATE_SOURCES: "1", PRICE_API_URL: prices.baseUrl },
  analysis: { pageFetch: LOCAL_PAGES },
});

export type ArticleSite = {
  /** Set before the tests run. */
  site: TestSite;
  prices: Awaited<ReturnType<typeof startPriceApi>>;
  readonly handle: TestDatabaseHandle;
  readonly app: FastifyInstance;
  /** Requests to /slow wait here until the test lets them go (as the routes answer them). */
  held: Array<() => void>;
  appOptions: () => ReturnType<typeof articleAppOptions>;
  /** Another process's app on the same database (its own connection, closed with it). */
  otherProcess: () => Promise<FastifyInstance>;
  analyse: (url: string, from?: Asker) => Promise<Awaited<ReturnType<FastifyInstance["inject"]>>>;
};

/**
 * Registers, in the calling describe block, the site (serving the fixture pages and
 * `routes(held)`), the price API and the app on `target`, and returns them (filled in
 * before the tests run).
 */
export function useArticleSite(
  target: TestDatabaseTarget,
  routes: (held: Array<() => void>) => Record<string, Route>,
): ArticleSite {
  // Closed after the app (after-hooks run in reverse order of registration).
  afterAll(async () => {
    await articles.site?.close();
    await articles.prices?.close();
  });
  const setup = useTestApp(target, async () => {
    articles.site = await startSite(routes(articles.held));
    articles.prices = await startPriceApi();
    return articles.appOptions();
  });
  const articles = {
    held: [],
    get app() {
      return setup.app;
    },
    get handle() {
      return setup.handle;
    },
    appOptions: () => articleAppOptions(articles.prices),
    otherProcess: () => buildTestApp(openDatabase(setup.handle.location), articles.appOptions()),
    analyse: (url: string, from: Asker = {}) =>
      setup.app.inject({ method: "GET", url: `/api/analysis?url=${encodeURIComponent(url)}`, ...from }),
  } as unknown as ArticleSite;

  beforeEach(async () => {
    // The page read the analysis shares with the reader view is forgotten too.
    for (const table of ["rate_limits", "analysis_cache", "reader_cache"] as const) {
      await articles.handle.database.db.deleteFrom(table).execute();
    }
    articles.site.hits.clear();
  });
  return articles;
}
