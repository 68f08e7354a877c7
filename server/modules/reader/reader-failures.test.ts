import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets } from "../../test/databases.ts";
import type { TestSite } from "../analysis/fixtures/site.ts";
import { READ_FAILURE_MS } from "../pages/page-reads.ts";
import { type ReaderSite, useReaderSite } from "./fixtures/reader-site.ts";
import { PRIVATE_PAGE } from "./service.ts";

/*
 * GET /api/reader (setup: fixtures/reader-site.ts): what it refuses, and why a page
 * could not be read: refused sites, private addresses, paywalls, failed fetches and
 * malformed addresses.
 */

describe.each(testDatabaseTargets())("reader view on $dialect: failures and refusals", (target) => {
  const reader = useReaderSite(target);
  const { ask, read, known } = reader;
  let site: TestSite;
  let handle: ReaderSite["handle"];
  let app: FastifyInstance;
  beforeAll(() => {
    ({ site, handle, app } = reader);
  });

  it("says why a refused site is not read, without fetching it", async () => {
    await known(["https://www.bloomberg.com/news/articles/x", "https://markets.wsj.com/story"]);
    const reader = await read("https://www.bloomberg.com/news/articles/x");
    expect(reader).toMatchObject({ status: "failed", blocks: [], outlet: "bloomberg.com" });
    expect(reader.reason).toBe(
      "bloomberg.com does not let its articles be read outside its own site, so Gemwire does not fetch them",
    );
    const wsj = await read("https://markets.wsj.com/story");
    expect(wsj.reason).toContain("markets.wsj.com does not let");
  });

  it("never reads a private or local address, nor one that redirects there", async () => {
    await known(["http://10.1.2.3/article", `${site.origin}/to-private`]);
    const reader = await read("http://10.1.2.3/article");
    expect(reader).toMatchObject({ status: "failed", reason: PRIVATE_PAGE, blocks: [] });
    site.route("/to-private", (_, response) => {
      response.writeHead(302, { location: "http://192.168.1.1/x" });
      response.end();
    });
    expect((await read(`${site.origin}/to-private`)).reason).toBe(PRIVATE_PAGE);
  });

  it("says a paywalled page is behind a paywall, and a teaser is too short to read", async () => {
    await known([`${site.origin}/paywalled`, `${site.origin}/subscribe`, `${site.origin}/teaser`]);
    const paywalled = await read(`${site.origin}/paywalled`);
    expect(paywalled).toMatchObject({ status: "failed", blocks: [], title: `Known page ${site.origin}/paywalled` });
    expect(paywalled.reason).toBe("it is behind a paywall: the site says only subscribers can read it");
    expect((await read(`${site.origin}/subscribe`)).reason).toBe(
      "it appears to be behind a paywall: the page asks readers to subscribe to continue",
    );
    expect((await read(`${site.origin}/teaser`)).reason).toMatch(/^only a few lines of text could be read from it/);
  });

  it("says why a page failed, keeps the failure 10 minutes, and the page is not fetched again meanwhile", async () => {
    const host = new URL(site.origin).host;
    await known([`${site.origin}/missing`, `${site.origin}/plain`]);
    const missing = await read(`${site.origin}/missing`);
    expect(missing).toMatchObject({ status: "failed", reason: `${host} answered HTTP 404 (not found)`, blocks: [] });
    expect((await read(`${site.origin}/missing`)).reason).toBe(missing.reason);
    expect(site.count("/missing")).toBe(1);
    const row = await handle.database.db
      .selectFrom("reader_cache")
      .select(["created_at", "expires_at"])
      .executeTakeFirstOrThrow();
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(READ_FAILURE_MS);
    expect((await read(`${site.origin}/plain`)).reason).toBe("it is not a web page (text/plain)");
  });

  it("refuses a malformed address with a clear 400", async () => {
    const cases: Array<[string, string]> = [
      ["", "url is required"],
      [`${site.origin}/a\u0000b`, ""],
      [`${site.origin}/a\u0007b`, ""],
      ["ftp://example.com/file", "url must be an http(s) address"],
      ["javascript:alert(1)", "url must be an http(s) address"],
      ["/blog/some-post", "url must be an http(s) address"],
      [`https://example.com/${"a".repeat(2100)}`, "url must be at most 2048 characters"],
    ];
    for (const [url, message] of cases) {
      const response = await ask(url);
      expect(response.statusCode, url).toBe(400);
      if (message) expect(response.json().error.message).toContain(message);
    }
    expect((await app.inject({ method: "GET", url: "/api/reader" })).statusCode).toBe(400);
    expect(site.count()).toBe(0);
  });
});
