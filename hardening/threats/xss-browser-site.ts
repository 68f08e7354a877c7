/**
 * The site xss-browser.test.ts opens: a local hostile feed server, the BUILT app started
 * at it as `npm start` starts it, one browser context per person, and the payloads the
 * members and the admin store through the API. Each step is its own function so the
 * test's beforeAll keeps hold of what it started, and its afterAll stops it whatever
 * step failed.
 */
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, BrowserContext } from "@playwright/test";
import { expect } from "vitest";
import { feedCatalog } from "../../server/modules/articles/catalog.ts";
import { rss, startFeedServer } from "../../server/test/feed-server.ts";
import { type ServerProcess, startFlags, startServer, waitUntilReady } from "../../test-kit/server-process.ts";
import { type HostileItem, hostileAtom, hostileJsonFeed, hostileRss } from "../hostile-feeds.ts";
import type { MarkupPayload } from "../payloads.ts";

const ADMIN_PASSWORD = "xss browser admin password";
const PASSWORD = "a long hardening password";

export type FeedSite = Awaited<ReturnType<typeof startFeedServer>>;

/** The payload with its marker, on one line: one-line fields refuse line breaks. */
export const oneLine = (payload: MarkupPayload) => `${payload.marker} ${payload.text.trim().replace(/\s+/g, " ")}`;

/** Serves the hostile items as the bitcoin (RSS), news (Atom) and market (JSON Feed) feeds; every other feed is empty. */
export function startHostileFeeds(feedItems: HostileItem[]): Promise<FeedSite> {
  const empty = rss("Empty", []);
  return startFeedServer({
    "/bitcoin": { type: "application/rss+xml", body: hostileRss(feedItems) },
    "/news": { type: "application/atom+xml", body: hostileAtom(feedItems) },
    "/market": { type: "application/feed+json", body: hostileJsonFeed(feedItems.filter((_, i) => i % 5 === 0)) },
    ...Object.fromEntries(
      feedCatalog
        .filter((feed) => feed.url !== null && !["bitcoin", "news", "market"].includes(feed.key))
        .map((feed) => [`/${feed.key}`, empty]),
    ),
  });
}

/** Starts the built app in `dataDir` with every feed at `site`, and waits until it answers. */
export async function startBuiltApp(site: FeedSite, dataDir: string): Promise<ServerProcess> {
  const sourcesFile = path.join(dataDir, "sources.json");
  fs.writeFileSync(
    sourcesFile,
    JSON.stringify({
      feeds: Object.fromEntries(
        feedCatalog.filter((feed) => feed.url !== null).map((feed) => [feed.key, `${site.base}/${feed.key}`]),
      ),
    }),
  );
  const server = await startServer(dataDir, startFlags(), {
    SAMPLE_MODE: "0",
    ALLOW_PRIVATE_SOURCES: "1",
    SOURCES_FILE: sourcesFile,
    ADMIN_PASSWORD,
    // No outside service: prices and trends answer 404 from the local server.
    PRICE_API_URL: `${site.base}/prices`,
    TRENDS_URL: `${site.base}/trends`,
    REALTIME_TRENDS_URL: `${site.base}/realtime`,
    LOG_LEVEL: "error",
    TRUST_PROXY: "127.0.0.1",
  });
  await waitUntilReady(server);
  return server;
}

/** Makes a new person's browser context: each comes from an address of its own, with no internet. */
export function contexts(browser: Browser, server: ServerProcess): () => Promise<BrowserContext> {
  // Each person comes from an address of their own (TRUST_PROXY above), as real members
  // do, so the per-address sign-up limit counts them apart.
  let devices = 0;
  return async () => {
    const made = await browser.newContext({
      baseURL: server.origin,
      extraHTTPHeaders: { "x-forwarded-for": `2001:db8:${(++devices).toString(16)}::1` },
    });
    // There is no internet here: other hosts (feed images, widgets) fail at once instead
    // of waiting on DNS, and a failing image still runs any handler it carries.
    await made.route(
      (url) => url.origin !== server.origin,
      (route) => route.abort(),
    );
    return made;
  };
}

/** Calls the API as a page of this site would (its origin), expecting `status`; returns the JSON answer, if any. */
export function apiCaller(server: ServerProcess) {
  return async (
    request: APIRequestContext,
    method: "post" | "patch" | "put",
    url: string,
    data: unknown,
    status = 201,
  ) => {
    const response = await request[method](url, { data, headers: { origin: server.origin } });
    expect(response.status(), `${method} ${url}: ${(await response.text()).slice(0, 300)}`).toBe(status);
    return response.json().catch(() => null);
  };
}

/**
 * Signs the admin in and the victim up, then for each payload: a member named by it, who
 * comments it (with an @mention of the victim) on a feed article and on a blog post the
 * admin made of it, an event and an invitation note made of it. Returns the authors'
 * contexts and the blog posts' slugs, in the payloads' order.
 */
export async function storePayloads(
  server: ServerProcess,
  people: { admin: BrowserContext; victim: BrowserContext; context: () => Promise<BrowserContext> },
  markup: readonly MarkupPayload[],
): Promise<{ authors: BrowserContext[]; blogSlugs: string[] }> {
  const { admin, victim, context } = people;
  const call = apiCaller(server);
  const authors: BrowserContext[] = [];
  const blogSlugs: string[] = [];
  await call(admin.request, "post", "/api/admin/login", { password: ADMIN_PASSWORD }, 204);
  const join = async (handle: string) => {
    const member = await context();
    const { code } = await call(admin.request, "post", "/api/admin/invites", { note: `for ${handle}` });
    await call(member.request, "post", "/api/auth/signup", { inviteCode: code, handle, password: PASSWORD });
    return member;
  };
  const { code } = await call(admin.request, "post", "/api/admin/invites", { note: "for victim" });
  await call(victim.request, "post", "/api/auth/signup", { inviteCode: code, handle: "victim", password: PASSWORD });

  const { items } = await (await victim.request.get("/api/feeds/bitcoin/items?limit=100")).json();
  const article = (items as Array<{ link: string }>).find((item) => item.link)?.link as string;
  expect(article).toBeTruthy();
  for (const payload of markup) {
    // A member named by the payload, commenting it on an article and on a blog post made of it.
    const member = await join(`author_${payload.marker}`);
    authors.push(member);
    await call(member.request, "patch", "/api/me", { username: oneLine(payload).slice(0, 50) }, 200);
    const post = await call(admin.request, "post", "/api/admin/blog", {
      title: oneLine(payload).slice(0, 200),
      excerpt: `${payload.text} ${payload.marker}`,
      content: `${payload.text}\n\n${payload.marker} second paragraph`,
      author: oneLine(payload).slice(0, 100),
      tags: [payload.marker],
    });
    blogSlugs.push(post.slug);
    await call(admin.request, "post", "/api/admin/events", {
      title: oneLine(payload).slice(0, 200),
      description: `${payload.text}\n${payload.marker}`,
      startDate: new Date(Date.now() + 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      location: { city: oneLine(payload).slice(0, 100), country: "Portugal" },
      website: "https://event.example/",
    });
    await call(admin.request, "post", "/api/admin/invites", { note: oneLine(payload).slice(0, 200) });
    for (const contentId of [article, post.url]) {
      await call(member.request, "post", "/api/comments", {
        contentId,
        content: `${payload.text} ${payload.marker} @victim`,
      });
    }
  }
  return { authors, blogSlugs };
}
