import { expect, type Page, test } from "@playwright/test";

/** Home sections are labelled by their headings; this lists them top to bottom. */
async function sectionHeadings(page: Page) {
  return page.locator("main section section > div h2, main section section > h2").allTextContents();
}

const section = (page: Page, name: string) =>
  page.locator("main section section").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** Waits until the sample feeds have been fetched and the section shows cards. */
async function cardsOf(page: Page, name: string) {
  const cards = section(page, name).locator("article");
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  return cards;
}

test("home shows the Gemwire feed, events, each default feed in order and the blog last", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await cardsOf(page, "Bitcoin News");
  // The blog section is last, and only there once a post exists (another journey may be
  // publishing one meanwhile); events are the samples, labelled, or ones an admin added.
  const headings = await sectionHeadings(page);
  expect(headings.filter((heading) => heading !== "From the Blog")).toEqual([
    "Gemwire Top Stories",
    "Notable Events",
    "Bitcoin News",
    "Latest News",
    "Market Analysis",
    "Targeted Search",
  ]);
  if (headings.includes("From the Blog")) expect(headings.at(-1)).toBe("From the Blog");
  await expect(section(page, "Notable Events").getByRole("listitem").first()).toBeVisible();

  // A card: age badge, source, date, votes, hide, favorite, share, Analyze, token search.
  const card = (await cardsOf(page, "Latest News")).first();
  await expect(card.locator("time[data-tone]")).toHaveText(/^\d+(s|m|h|d|w|mo|y)$/);
  for (const name of [/Vote up/, /Vote down/, /Hide article/, /Add to favorites/, /Share article/, /Analyze/]) {
    await expect(card.getByRole("button", { name })).toBeVisible();
  }

  // The topics tooltip appears after its delay.
  await section(page, "Bitcoin News").getByRole("button", { name: "About Bitcoin News" }).hover();
  await expect(page.getByRole("tooltip")).toContainText("Topics:");

  await page.waitForLoadState("networkidle");
  testInfo.attach("home-desktop.png", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  testInfo.attach("home-phone.png", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
});

test("the source filter narrows a section to one outlet", async ({ page }) => {
  await page.goto("/");
  const bitcoin = section(page, "Bitcoin News");
  const cards = await cardsOf(page, "Bitcoin News");
  const all = await cards.count();
  const filter = bitcoin.getByRole("combobox", { name: "Source for Bitcoin News" });
  await expect(filter.locator("option").first()).toHaveText("All Sources");
  await filter.selectOption("Hashgate News");
  await expect(cards.first()).toBeVisible();
  const sources = await cards.locator("span[title]").allTextContents();
  expect(sources.length).toBeGreaterThan(0);
  expect(sources.length).toBeLessThan(all);
  expect(new Set(sources)).toEqual(new Set(["Hashgate News"]));
  await filter.selectOption("");
  await expect(cards).toHaveCount(all);
});

test("hiding an article removes it until Show Hidden shows it dimmed", async ({ page }) => {
  await page.goto("/");
  const market = section(page, "Market Analysis");
  const cards = await cardsOf(page, "Market Analysis");
  const before = await cards.count();
  const title = (await cards.first().locator("h3").textContent()) ?? "";
  await cards.first().getByRole("button", { name: "Hide article" }).click();
  await expect(cards).toHaveCount(before - 1);
  await expect(market.getByRole("heading", { name: title, exact: true })).toHaveCount(0);

  await market.getByRole("button", { name: "Show Hidden (1)" }).click();
  const hidden = market.locator("article[data-hidden]");
  await expect(hidden).toHaveCount(1);
  await expect(hidden).toHaveCSS("opacity", "0.5");
  await expect(market.getByRole("button", { name: "Hide Hidden" })).toBeVisible();

  // Kept in this browser: still hidden after a reload.
  await page.reload();
  await expect(await cardsOf(page, "Market Analysis")).toHaveCount(before - 1);
  await section(page, "Market Analysis").getByRole("button", { name: "Show Hidden (1)" }).click();
  await section(page, "Market Analysis")
    .locator("article[data-hidden]")
    .getByRole("button", { name: "Unhide article" })
    .click();
  await expect(section(page, "Market Analysis").locator("article[data-hidden]")).toHaveCount(0);
  await section(page, "Market Analysis").getByRole("button", { name: "Hide Hidden" }).click();
  await expect(section(page, "Market Analysis").getByRole("button", { name: "Show Hidden (0)" })).toBeVisible();
  await expect(await cardsOf(page, "Market Analysis")).toHaveCount(before);
});

test("search finds articles by a word of their description, and says when nothing matches", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await cardsOf(page, "Latest News");
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: "Search articles" });
  const box = dialog.getByRole("combobox", { name: "Search articles" });
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute("placeholder", "Search articles...");

  // "custody" appears in one sample article only.
  await box.fill("CUSTODY");
  const results = dialog.getByRole("option");
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText("Banks weigh crypto custody as rules ease");
  await expect(results.first()).toContainText("Hashgate News");

  // Results open in a new tab.
  await box.fill("spot etf inflows");
  await expect(results.first()).toContainText(/spot ETF inflows/i);
  expect(await results.count()).toBeLessThanOrEqual(5);
  const opened = context.waitForEvent("page");
  await box.press("Enter");
  const tab = await opened;
  await expect(tab).toHaveURL(/\/samples\/articles\/.*spot-etf-inflows/);
  await tab.close();

  await box.fill("zzqx nothing");
  await expect(dialog).toContainText('No results found for "zzqx nothing"');
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // The header button opens it too, and focus returns to it on close.
  const searchButton = page.getByRole("banner").getByRole("button", { name: "Search" });
  await searchButton.click();
  await expect(page.getByRole("dialog", { name: "Search articles" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(searchButton).toBeFocused();
});

test("Analyze is disabled for a wsj.com article and analyses the others", async ({ page }) => {
  // The samples name no real outlet, so this test alone adds an article linking to wsj.com.
  await page.route("**/api/feeds/news/items*", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.items.unshift({
      ...body.items[0],
      id: "e2e-wsj",
      title: "An e2e article whose link is on wsj.com",
      link: "https://www.wsj.com/e2e/article",
      source: "wsj.com",
      // An article of its own, not folded into the story of the one it was copied from.
      story: null,
    });
    await route.fulfill({ response, json: body });
  });
  await page.goto("/news");
  const wsj = page.locator("article").filter({ hasText: "An e2e article whose link is on wsj.com" });
  await expect(wsj).toBeVisible({ timeout: 20_000 });
  await expect(wsj.getByRole("button", { name: "Analyze" })).toBeDisabled();

  // The Ethereum story's earliest article, which leads its fold.
  const other = page.locator("article").filter({ hasText: "Ethereum devs set mainnet date" }).first();
  await other.getByRole("button", { name: "Analyze" }).click();
  const dialog = page.getByRole("dialog", { name: "Article analysis" });
  await expect(dialog.locator("blockquote").first()).toContainText("Ethereum core developers agreed");
  await expect(dialog.getByRole("link", { name: /^ETH\b/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

test("share falls back to copying the link with a toast", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
  });
  await page.goto("/bitcoin-news");
  const card = page.locator("article").first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  const link = await card.locator("h3 a").getAttribute("href");
  await card.getByRole("button", { name: "Share article" }).click();
  const messages = page.getByRole("region", { name: "Messages" });
  await expect(messages).toContainText("Link copied");
  await expect(messages).toContainText("Article link copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
});

test("feed pages: the sortable grid, the X feed timeline, NFT & Art, and a failed load with retry", async ({
  page,
}) => {
  await page.goto("/news");
  await expect(page.locator("article").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("combobox", { name: "Sort by" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Refresh Feed" })).toBeEnabled();

  await page.goto("/x-feed");
  const post = page.locator("article").first();
  await expect(post).toBeVisible({ timeout: 20_000 });
  await expect(post).toContainText(/@\w+ · (just now|\d+(s|m|h|d|w|mo|y) ago|recently)/);

  await page.goto("/nft-art");
  await expect(page.locator("article").first()).toBeVisible({ timeout: 20_000 });

  let fail = true;
  await page.route("**/api/feeds/bitcoin/items*", (route) =>
    fail ? route.fulfill({ status: 503, body: "{}" }) : route.fallback(),
  );
  await page.goto("/bitcoin-news");
  const alert = page.getByRole("main").getByRole("alert");
  await expect(alert).toContainText("Failed to fetch feeds. Please try again later.", { timeout: 20_000 });
  fail = false;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.locator("article").first()).toBeVisible();
});
