import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets } from "../../test/databases.ts";
import { useAnalysisSite } from "./fixtures/analysis-site.ts";
import type { TestSite } from "./fixtures/site.ts";

/*
 * GET /api/analysis (setup: fixtures/analysis-site.ts): why a page failed (kept 10
 * minutes), and the addresses it refuses.
 */

describe.each(testDatabaseTargets())("article analysis on $dialect: failures and refusals", (target) => {
  const analysis = useAnalysisSite(target);
  const { analyse } = analysis;
  let site: TestSite;
  beforeAll(() => {
    ({ site } = analysis);
  });

  describe("failures", () => {
    it.each([
      ["/missing", "answered HTTP 404 (not found)"],
      ["/server-error", "answered HTTP 500"],
      ["/plain", "it is not a web page (text/plain)"],
    ])("answers %s with 502 'Analysis failed: <why>'", async (path, why) => {
      const response = await analyse(`${site.origin}${path}`);
      expect(response.statusCode).toBe(502);
      expect(response.json().error.code).toBe("bad_gateway");
      expect(response.json().error.message).toMatch(/^Analysis failed: /);
      expect(response.json().error.message).toContain(why);
    });

    it("keeps a page's failure 10 minutes: asked again, the page is not fetched again", async () => {
      for (let i = 0; i < 3; i++) expect((await analyse(`${site.origin}/server-error`)).statusCode).toBe(502);
      expect(site.count("/server-error")).toBe(1);
    });

    it.each([
      ["", "querystring.url: url is required"],
      ["javascript:alert(1)", "bloomberg.com and wsj.com pages are not analysed"],
      ["ftp://example.com/a", "url must be an http(s) article address"],
      ["https://www.bloomberg.com/news/articles/x", "bloomberg.com and wsj.com pages are not analysed"],
      ["https://example.com/\u0000", "Must not contain control characters"],
      [`https://example.com/${"x".repeat(2100)}`, "url must be at most 2048 characters"],
    ])("refuses %j with 400", async (url, message) => {
      const response = await analyse(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect(site.count()).toBe(0);
    });
  });
});
