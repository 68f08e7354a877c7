/**
 * T1 and T2 in the rendered page. The BUILT app (dist/) runs as `npm start` runs it, its
 * feeds at a local hostile feed server (SOURCES_FILE, ALLOW_PRIVATE_SOURCES=1); members
 * and the admin store the hostile payloads through its API (a display name, comments
 * with @mentions, a blog post, an event, an invitation note); then Chromium opens every
 * page that shows them. On each page: no script ran (every payload calls
 * `window.__xss.push(n)` or `alert`; the hook is installed before the app's own code, and
 * dialogs are recorded), no element carries an `on*` attribute or a script/data address
 * in href, src, action, formaction and the like, no script element but the app's own —
 * and the payloads' markers are visible, so each page proves it rendered them as text.
 */
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ensureBuilt,
  type ServerProcess,
  startFlags,
  startServer,
  waitUntilReady,
} from "../../bench/server-process.ts";
import { launchChromium } from "../../bench/web-vitals.ts";
import { feedCatalog } from "../../server/modules/feeds/catalog.ts";
import { rss, startFeedServer } from "../../server/test/feed-server.ts";
import { tempDirs } from "../../server/test/temp-dirs.ts";
import { hostileAtom, hostileItems, hostileJsonFeed, hostileRss } from "../hostile-feeds.ts";
import { LINKS, MARKUP, type MarkupPayload, QUICK_LINKS, QUICK_MARKUP } from "../payloads.ts";
import { scale } from "../scale.ts";
import { tried } from "../tally.ts";

const ADMIN_PASSWORD = "xss browser admin password";
const PASSWORD = "a long hardening password";

/** Runs in the page before the app: records any payload that runs, and any dialog it opens. */
function installHooks() {
  const ran: unknown[] = [];
  Object.defineProperty(window, "__xss", { value: ran, writable: false });
  for (const name of ["alert", "confirm", "prompt"] as const) {
    (window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      ran.push(`${name}(${args.join(",")})`);
    };
  }
}

/** Runs in the page: everything in the DOM that would run script or load a script address. */
function liveMarkup(): string[] {
  const found: string[] = [];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a URL parser drops them, so must we
  const squeeze = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
  const dangerous = (value: string) => /^(javascript|vbscript|data|file|livescript):/.test(squeeze(value));
  const addressAttributes = new Set([
    "href",
    "src",
    "action",
    "formaction",
    "xlink:href",
    "data",
    "poster",
    "background",
    "codebase",
    "cite",
    "ping",
    "manifest",
  ]);
  for (const element of Array.from(document.querySelectorAll("*"))) {
    const tag = element.tagName.toLowerCase();
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith("on")) found.push(`<${tag} ${name}="${attribute.value.slice(0, 60)}">`);
      if (name === "srcdoc") found.push(`<${tag} srcdoc>`);
      if (addressAttributes.has(name) && dangerous(attribute.value))
        found.push(`<${tag} ${name}="${attribute.value.slice(0, 60)}">`);
      if (name === "srcset" && attribute.value.split(",").some((part) => dangerous(part.trim())))
        found.push(`<${tag} srcset="${attribute.value.slice(0, 60)}">`);
    }
    if (tag === "script") {
      const script = element as HTMLScriptElement;
      const own = script.type === "application/json" || script.src.startsWith(`${location.origin}/assets/`);
      if (!own) found.push(`<script src="${script.src}">${(script.textContent ?? "").slice(0, 60)}`);
    }
    if (tag === "meta" && element.getAttribute("http-equiv")?.toLowerCase() === "refresh") found.push("<meta refresh>");
    if (tag === "base") found.push(`<base href="${element.getAttribute("href")}">`);
    if (["iframe", "object", "embed", "frame"].includes(tag)) {
      const address = element.getAttribute("src") ?? element.getAttribute("data") ?? "";
      if (!/^https:\/\//.test(address)) found.push(`<${tag} src="${address.slice(0, 60)}">`);
    }
  }
  return found;
}

/** Runs in the page: the payload markers (xssprobe07, xssprobe07e2) its visible text and fields show; null if none. */
function visibleMarkers(): string[] | null {
  const fields = Array.from(document.querySelectorAll("input, textarea"), (field) => (field as HTMLInputElement).value);
  // biome-ignore lint/performance/useDomNodeTextContent: what is rendered visible is the point
  const text = [document.body.innerText, ...fields].join("\n");
  const markers = [...new Set(text.match(/xssprobe\d+(?:e\d)?/g) ?? [])];
  return markers.length > 0 ? markers : null;
}

describe("T1 and T2 stored XSS in the rendered page (Chromium, the built app)", () => {
  // Quick: a script element, a failing image's handler, a javascript: link and a dialog.
  const markup = scale(
    [0, 1, 6, 21].map((i) => MARKUP[i] as MarkupPayload),
    MARKUP,
  );
  const links = scale(QUICK_LINKS, LINKS);
  const feedItems = hostileItems(scale(QUICK_MARKUP, MARKUP), links);
  const temp = tempDirs();
  let site: Awaited<ReturnType<typeof startFeedServer>>;
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  let victim: BrowserContext;
  const authors: BrowserContext[] = [];
  const blogSlugs: string[] = [];
  const oneLine = (payload: MarkupPayload) => `${payload.marker} ${payload.text.trim().replace(/\s+/g, " ")}`;

  const call = async (
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

  beforeAll(async () => {
    ensureBuilt();
    const empty = rss("Empty", []);
    site = await startFeedServer({
      "/bitcoin": { type: "application/rss+xml", body: hostileRss(feedItems) },
      "/news": { type: "application/atom+xml", body: hostileAtom(feedItems) },
      "/market": { type: "application/feed+json", body: hostileJsonFeed(feedItems.filter((_, i) => i % 5 === 0)) },
      ...Object.fromEntries(
        feedCatalog
          .filter((feed) => feed.url !== null && !["bitcoin", "news", "market"].includes(feed.key))
          .map((feed) => [`/${feed.key}`, empty]),
      ),
    });
    const dataDir = temp.make("xss-browser");
    const sourcesFile = path.join(dataDir, "sources.json");
    fs.writeFileSync(
      sourcesFile,
      JSON.stringify({
        feeds: Object.fromEntries(
          feedCatalog.filter((feed) => feed.url !== null).map((feed) => [feed.key, `${site.base}/${feed.key}`]),
        ),
      }),
    );
    server = await startServer(dataDir, startFlags(), {
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
    browser = await launchChromium();
    // Each person comes from an address of their own (TRUST_PROXY below), as real members
    // do, so the per-address sign-up limit counts them apart.
    let devices = 0;
    const context = async () => {
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
    [admin, victim] = await Promise.all([context(), context()]);
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
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await site?.close();
    temp.removeAll();
  });

  /**
   * Opens `path` as `who`, waits until the page shows at least `expected` markers (so the
   * hostile items are on it), does `then` (a dialog to open, say), and returns what ran,
   * what is live in the DOM and the markers shown.
   */
  async function visit(who: BrowserContext, url: string, then?: (page: Page) => Promise<void>) {
    const page = await who.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.addInitScript(installHooks);
    await page.goto(url);
    // The hostile items are on the page before anything is judged.
    await page.waitForFunction(visibleMarkers);
    await then?.(page);
    // Every image has loaded or failed, so an onerror payload would have run by now.
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
    const result = {
      ran: [...((await page.evaluate(() => (window as unknown as { __xss: unknown[] }).__xss)) ?? []), ...dialogs],
      live: await page.evaluate(liveMarkup),
      markers: (await page.evaluate(visibleMarkers)) ?? [],
    };
    await page.close();
    return result;
  }

  it("no payload runs and nothing live survives on any page that shows them, each showing them as text", async ({
    task,
  }) => {
    const pages: Array<[label: string, who: BrowserContext, url: string, then?: (page: Page) => Promise<void>]> = [
      ["home (top stories, events)", victim, "/"],
      ["bitcoin feed (RSS)", victim, "/bitcoin-news"],
      ["news feed (Atom)", victim, "/news"],
      ["market feed (JSON Feed)", victim, "/market"],
      ["stories", victim, "/stories"],
      ["token news", victim, "/token/BTC"],
      [
        "search results",
        victim,
        "/",
        async (page) => {
          await page.getByRole("button", { name: "Search", exact: true }).click();
          await page.getByRole("combobox", { name: "Search articles" }).fill(feedItems[1]?.marker ?? "");
          await page
            .getByRole("dialog")
            .getByText(feedItems[1]?.marker ?? "")
            .first()
            .waitFor();
        },
      ],
      ["blog", victim, "/blog"],
      ...blogSlugs
        .slice(0, scale(2, blogSlugs.length))
        .map((slug): [string, BrowserContext, string] => [`blog post ${slug}`, victim, `/blog/${slug}`]),
      ["blurts (comments)", victim, "/blurts"],
      ["notifications", victim, "/notifications"],
      ["profile", authors[0] as BrowserContext, "/profile"],
      ["admin events", admin, "/admin?tab=events"],
      ["admin blog posts", admin, "/admin?tab=blogs"],
      ["admin invitations", admin, "/admin?tab=invitations"],
    ];
    const problems: string[] = [];
    /** The payloads seen rendered as text, each once however many pages show it. */
    const shown = new Set<string>();
    // Three pages at a time: each waits mostly on the server and its own rendering.
    const queue = [...pages];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [label, who, url, then] = next;
        const { ran, live, markers } = await visit(who, url, then);
        for (const script of ran) problems.push(`${label}: a payload ran: ${String(script)}`);
        for (const element of live) problems.push(`${label}: live in the DOM: ${element}`);
        if (markers.length === 0) problems.push(`${label}: shows no payload`);
        for (const marker of markers) shown.add(marker);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(problems).toEqual([]);
    tried(task, "xss", shown.size);
  });

  it("would see each payload that reached a page as markup (the checks above are not blind)", async () => {
    const page = await victim.newPage();
    await page.addInitScript(installHooks);
    await page.goto("/blog");
    await page.waitForFunction(visibleMarkers);
    expect(await page.evaluate(liveMarkup)).toEqual([]);
    // A hole, simulated: each payload written into the page as markup is caught, by its
    // handler, its address or its script element (the Content-Security-Policy keeps inline
    // script from running: a second wall, not the one tested here).
    // (A <body> inside a page and a tag left unfinished at the end of a fragment are dropped
    // by the HTML parser itself, and "<scr<script>ipt>" is an element named "scr<script",
    // made for filters that strip one tag; the math/style one turns live only when markup is
    // serialised and read again, which nothing in Gemwire does: none of these becomes a live
    // element when written once.)
    const inert = new Set([
      "body onload",
      "unquoted handler without end",
      "nested script split",
      "mXSS through math and style",
    ]);
    const simulated = markup.filter(
      (payload) => /on\w+=|javascript:|<script/i.test(payload.text) && !inert.has(payload.name),
    );
    expect(simulated.length).toBeGreaterThan(0);
    const unseen: string[] = [];
    for (const payload of simulated) {
      await page.evaluate((text) => {
        const hole = document.createElement("div");
        hole.id = "simulated-hole";
        hole.innerHTML = text;
        document.body.append(hole);
      }, payload.text);
      if ((await page.evaluate(liveMarkup)).length === 0) unseen.push(payload.name);
      await page.evaluate(() => document.getElementById("simulated-hole")?.remove());
    }
    expect(unseen).toEqual([]);
    await page.close();
  });

  it("shows members' text as written: the payload itself, in a comment, a blog post and a display name", async ({
    task,
  }) => {
    const payload = markup[0] as MarkupPayload;
    const page = await victim.newPage();
    await page.addInitScript(installHooks);
    await page.goto(`/blog/${blogSlugs[0]}`);
    // The markup is on the page as text, whole: the title, and the comment with its @mention.
    await page.getByRole("heading", { name: oneLine(payload) }).waitFor();
    await page.getByText(`${payload.text} ${payload.marker} @victim`).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss: unknown[] }).__xss)).toEqual([]);
    await page.close();
    const profile = await (authors[0] as BrowserContext).newPage();
    await profile.goto("/profile");
    await expect.poll(() => profile.getByLabel("Username").inputValue()).toBe(oneLine(payload).slice(0, 50));
    await profile.close();
    tried(task, "xss", 3);
  });
});
