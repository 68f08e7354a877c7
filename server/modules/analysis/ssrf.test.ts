import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "../../outbound/address-policy.ts";
import { useTestApp, withTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { newsSite } from "./fixtures/index.ts";
import { redirect, startSite, type TestSite } from "./fixtures/site.ts";

/*
 * Analyses never make Gemwire fetch what it must not: loopback, private networks, or
 * bloomberg.com and wsj.com, asked directly or reached by a redirect, whatever
 * ALLOW_PRIVATE_SOURCES says. Each refusal is proven by the target server never seeing
 * a request (or the name never being looked up).
 */

const PRIVATE = "Analysis failed: the address points into a private or local network, which Gemwire never analyses";

/** No price API to reach: the coin list falls back at once to Gemwire's own coins. */
const NO_PRICES = { PRICE_API_URL: "http://127.0.0.1:1/api/v3" };

let site: TestSite;
/** A server inside the "private network": 127.0.0.2, loopback like any intranet host would be private. */
let intranet: TestSite;

beforeAll(async () => {
  intranet = await startSite({}, "127.0.0.2");
  site = await startSite({
    "/moved-to-intranet": redirect(`http://intranet.test:${new URL(intranet.origin).port}${newsSite.path}`),
    "/moved-to-loopback": redirect(`${intranet.origin}${newsSite.path}`),
    "/moved-to-ten": redirect("http://10.0.0.5/admin"),
    "/moved-to-metadata": redirect("http://169.254.169.254/latest/meta-data/"),
    "/moved-to-bloomberg": redirect("https://www.bloomberg.com/news/articles/2026-01-01/x", 301),
    "/moved-to-wsj": redirect("https://markets.WSJ.com./articles/x"),
  });
});
afterAll(async () => {
  await site.close();
  await intranet.close();
});

const analyse = (app: FastifyInstance, url: string) =>
  app.inject({ method: "GET", url: `/api/analysis?url=${encodeURIComponent(url)}` });

/** Loopback and intranet addresses of the test servers, in the forms an asker might write them. */
function privateAddresses(): string[] {
  const { port } = new URL(site.origin);
  return [
    `${site.origin}${newsSite.path}`,
    `http://localhost:${port}${newsSite.path}`,
    `http://[::1]:${port}${newsSite.path}`,
    `http://2130706433:${port}${newsSite.path}`,
    `${intranet.origin}${newsSite.path}`,
  ];
}

describe.each([
  ["the default address policy", {}],
  // An operator reading feeds from their intranet must not open it to every visitor's analyses.
  ["ALLOW_PRIVATE_SOURCES=1", { ALLOW_PRIVATE_SOURCES: "1" }],
])("analysis with %s", (_, env) => {
  it("refuses loopback and private addresses with 400 before any request is made", async () => {
    await withTestApp({ ...NO_PRICES, ...env }, async (app) => {
      for (const url of privateAddresses()) {
        const response = await analyse(app, url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error).toEqual({ code: "invalid_request", message: PRIVATE });
      }
      expect(site.count()).toBe(0);
      expect(intranet.count()).toBe(0);
    });
  });

  it("refuses an address in sample mode that is not one of this server's sample articles", async () => {
    await withTestApp({ ...NO_PRICES, ...env, SAMPLE_MODE: "1" }, async (app) => {
      for (const url of [
        ...privateAddresses(),
        // This server itself, outside /samples/ (the path is resolved before it is judged).
        `http://127.0.0.1:${app.config.port}/samples/../api/health`,
        `http://127.0.0.1:${app.config.port}/api/health`,
      ]) {
        const response = await analyse(app, url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error.message).toBe(PRIVATE);
      }
      expect(site.count()).toBe(0);
      expect(intranet.count()).toBe(0);
    });
  });
});

describe("analysis where names resolve to private networks", () => {
  const lookups: string[] = [];
  /** 127.0.0.1 stands for the public internet here; every other address is judged by the real policy. */
  const pageFetch = {
    isAllowedAddress: (address: string) => address === "127.0.0.1" || isPublicAddress(address),
    resolve: async (hostname: string) => {
      lookups.push(hostname);
      const table: Record<string, string> = {
        "news.test": "127.0.0.1",
        "intranet.test": "127.0.0.2",
        "files.test": "10.0.0.7",
        "router.test": "192.168.1.1",
        "metadata.test": "169.254.169.254",
      };
      const address = table[hostname];
      if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
      return [{ address, family: 4 }];
    },
  };
  const [target] = testDatabaseTargets();
  if (!target) throw new Error("no test database");
  /** A fresh app for each test, with the stand-in resolver and address policy for its page fetches. */
  const setup = useTestApp(target, { env: NO_PRICES, analysis: { pageFetch } }, { perTest: true });
  let port = "";

  beforeAll(() => {
    port = new URL(site.origin).port;
  });

  it("reads a page whose name resolves to an allowed address (the stand-in works)", async () => {
    const response = await analyse(setup.app, `http://news.test:${port}${newsSite.path}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(site.count(newsSite.path)).toBe(1);
    site.hits.clear();
  });

  it("refuses names resolving to 10.x, 192.168.x, link-local or loopback addresses", async () => {
    for (const host of ["files.test", "router.test", "metadata.test", "intranet.test"]) {
      const response = await analyse(setup.app, `http://${host}:${new URL(intranet.origin).port}/anything`);
      expect(response.statusCode, host).toBe(400);
      expect(response.json().error.message).toBe(PRIVATE);
    }
    expect(intranet.count()).toBe(0);
  });

  it("refuses a public page that redirects into a private network: the private server sees no request", async () => {
    for (const path of ["/moved-to-intranet", "/moved-to-loopback", "/moved-to-ten", "/moved-to-metadata"]) {
      const response = await analyse(setup.app, `http://news.test:${port}${path}`);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error.message).toBe(PRIVATE);
      expect(site.count(path)).toBe(1);
    }
    expect(intranet.count()).toBe(0);
  });

  it("refuses bloomberg.com and wsj.com before any look-up, and a redirect into them before following it", async () => {
    lookups.length = 0;
    for (const url of [
      "https://www.bloomberg.com/news/articles/x",
      "https://bloomberg.com/x",
      "https://www.wsj.com/articles/x",
      "https://Markets.WSJ.com./x",
    ]) {
      const response = await analyse(setup.app, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.message).toContain("bloomberg.com and wsj.com pages are not analysed");
    }
    expect(lookups).toEqual([]);
    const moved = await analyse(setup.app, `http://news.test:${port}/moved-to-bloomberg`);
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toBe(
      "Analysis failed: it leads to www.bloomberg.com, whose pages Gemwire does not analyse",
    );
    const wsj = await analyse(setup.app, `http://news.test:${port}/moved-to-wsj`);
    expect(wsj.json().error.message).toBe(
      "Analysis failed: it leads to markets.wsj.com, whose pages Gemwire does not analyse",
    );
    expect(lookups.filter((name) => /bloomberg|wsj/i.test(name))).toEqual([]);
  });
});
