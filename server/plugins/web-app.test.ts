import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pageRoutes } from "../../contracts/pages.ts";
import { useTestApp } from "../test/app.ts";
import { testDatabaseTargets } from "../test/databases.ts";
import { tempDirs } from "../test/temp-dirs.ts";
import { isPageRoute, pageWithSiteConfig } from "./web-app.ts";

const temp = tempDirs();
afterAll(() => temp.removeAll());

const SPA = '<!doctype html><html><head><title>Gemwire</title></head><body><div id="root"></div></body></html>';
/** The page as served: the site settings inlined as a JSON data block at the end of the head. */
const siteBlock = /<script type="application\/json" id="gemwire-site">(.*?)<\/script><\/head>/;
const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

describe("which addresses are pages", () => {
  it.each([
    "/",
    "/stories",
    "/Stories",
    "/stories/",
    "/st%6Fries",
    "/token/btc",
    "/token/USDC.e",
    "/token/a%2Fb",
    "/blog",
    "/blog/welcome-to-gemwire",
    "/google-trends",
  ])("%s is a page", (pathname) => {
    expect(isPageRoute(pathname)).toBe(true);
  });

  it.each([
    "/no/such/page",
    "/storie",
    "/stories/extra",
    "/token",
    "/token/",
    "/token/btc/chart",
    "/blog/a/b",
    "/wp-login.php",
    "/%E0%A4%A",
  ])("%s is not a page", (pathname) => {
    expect(isPageRoute(pathname)).toBe(false);
  });

  it("knows every page of the route list", () => {
    for (const route of pageRoutes) expect(isPageRoute(route.replace(/:\w+/g, "x")), route).toBe(true);
  });
});

describe("the site settings in the page", () => {
  const site = {
    name: "Gemwire",
    version: "1.0.0",
    accessMode: "open",
    contactEmail: "</script><script>alert(1)</script>@example.com",
    feedRefreshMs: 300_000,
    sampleMode: true,
    social: {},
    analyticsScript: null,
  } satisfies Parameters<typeof pageWithSiteConfig>[1];

  it("cannot end its element, whatever the settings hold", () => {
    const page = pageWithSiteConfig(SPA, site);
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(page).not.toContain("<script>alert");
    expect(JSON.parse(siteBlock.exec(page)?.[1] ?? "null")).toEqual(site);
  });

  it("goes first in a page without a head", () => {
    expect(pageWithSiteConfig("<div></div>", site)).toMatch(
      /^<script type="application\/json" id="gemwire-site">.*<\/script><div><\/div>$/,
    );
  });
});

describe("serving the web app", () => {
  const [target] = testDatabaseTargets();
  if (!target) throw new Error("no test database");
  const setup = useTestApp(target, () => {
    const root = temp.make("web");
    fs.writeFileSync(path.join(root, "index.html"), SPA);
    return { webRoot: root };
  });

  it("answers an address that matches no page 404, with the app so it shows its 404 page", async () => {
    for (const url of ["/no/such/page", "/storiez?x=1", "/token/btc/chart", "/wp-login.php"]) {
      const response = await setup.app.inject({ method: "GET", url, headers: html });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
      expect(response.body.replace(siteBlock, "</head>"), url).toBe(SPA);
      expect(response.headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(response.headers["x-request-id"], url).toBeTruthy();
    }
    expect((await setup.app.inject({ method: "HEAD", url: "/no/such/page" })).statusCode).toBe(404);
  });

  it("answers every page of the route list 200", async () => {
    for (const route of pageRoutes) {
      const url = route.replace(/:\w+/g, "some-thing");
      const response = await setup.app.inject({ method: "GET", url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body.replace(siteBlock, "</head>"), url).toBe(SPA);
    }
    for (const url of ["/token/NOPE", "/token/USDC.e", "/Settings/", "/blog/v1.2-release?ref=x"]) {
      expect((await setup.app.inject({ method: "GET", url, headers: html })).statusCode, url).toBe(200);
    }
  });

  it("inlines the public site settings in the page, as /api/site answers them", async () => {
    const page = await setup.app.inject({ method: "GET", url: "/", headers: html });
    const site = await setup.app.inject({ method: "GET", url: "/api/site" });
    expect(page.statusCode).toBe(200);
    expect(JSON.parse(siteBlock.exec(page.body)?.[1] ?? "null")).toEqual(site.json());
    // The raw file, without the settings, is never served.
    const raw = await setup.app.inject({ method: "GET", url: "/index.html", headers: html });
    expect(raw.statusCode).toBe(404);
    expect(raw.body).toMatch(siteBlock);
  });

  it("answers a page the browser already has 304, by its ETag", async () => {
    const first = await setup.app.inject({ method: "GET", url: "/stories", headers: html });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers["cache-control"]).toBe("no-cache");
    const again = await setup.app.inject({ method: "GET", url: "/", headers: { ...html, "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const stale = await setup.app.inject({ method: "GET", url: "/", headers: { ...html, "if-none-match": '"old"' } });
    expect(stale.statusCode).toBe(200);
  });

  it("still answers unknown API paths with a JSON 404", async () => {
    const response = await setup.app.inject({ method: "GET", url: "/api/no-such-thing", headers: html });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: "not_found", message: "No API route GET /api/no-such-thing" } });
  });
});
