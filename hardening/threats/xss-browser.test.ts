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
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../../server/test/temp-dirs.ts";
import { HEADLESS_SHELL_PATH, launchChromium } from "../../test-kit/chromium.ts";
import { ensureBuilt, type ServerProcess } from "../../test-kit/server-process.ts";
import { hostileItems } from "../hostile-feeds.ts";
import { LINKS, MARKUP, type MarkupPayload, QUICK_LINKS, QUICK_MARKUP } from "../payloads.ts";
import { scale } from "../scale.ts";
import { tried } from "../tally.ts";
import { installHooks, liveMarkup, visibleMarkers } from "./xss-browser-page.ts";
import {
  contexts,
  type FeedSite,
  oneLine,
  startBuiltApp,
  startHostileFeeds,
  storePayloads,
} from "./xss-browser-site.ts";

describe("T1 and T2 stored XSS in the rendered page (Chromium, the built app)", () => {
  // Quick: a script element, a failing image's handler, a javascript: link and a dialog.
  const markup = scale(
    [0, 1, 6, 21].map((i) => MARKUP[i] as MarkupPayload),
    MARKUP,
  );
  const links = scale(QUICK_LINKS, LINKS);
  const feedItems = hostileItems(scale(QUICK_MARKUP, MARKUP), links);
  const temp = tempDirs();
  let site: FeedSite;
  let server: ServerProcess;
  let browser: Browser;
  let admin: BrowserContext;
  let victim: BrowserContext;
  let authors: BrowserContext[] = [];
  let blogSlugs: string[] = [];

  beforeAll(async () => {
    ensureBuilt();
    site = await startHostileFeeds(feedItems);
    server = await startBuiltApp(site, temp.make("xss-browser"));
    browser = await launchChromium(HEADLESS_SHELL_PATH);
    const context = contexts(browser, server);
    [admin, victim] = await Promise.all([context(), context()]);
    ({ authors, blogSlugs } = await storePayloads(server, { admin, victim, context }, markup));
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
