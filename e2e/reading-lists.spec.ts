import { expect, type Page, test } from "@playwright/test";
import { newMember, signInElsewhere, uniqueHandle } from "./members.ts";

/*
 * Reading on the lists: stories folded under their earliest article, read state and the
 * shortcuts. The sample feeds carry stories across outlets (server/samples/articles.ts):
 * in Bitcoin News, Orange Pill Review (4 h ago), Hashgate News (3 h) and Blockline Daily (2 h)
 * report one record high.
 */
const EARLIEST = "Bitcoin hits record high while spot ETF inflows top $1.2 billion";
const LATER = "Bitcoin hits record high as spot ETF inflows top $1.2 billion";
const LATER_TOO = "Bitcoin hits new record high as ETF inflows top $1.2 billion";

const section = (page: Page, name: string) =>
  page.locator("main section section").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** The article the shortcuts are on: the focused list entry. */
const currentArticle = (page: Page) => page.locator("[data-reading-article]:focus");

test("the dashboard shows a story once, with its other sources one click away", async ({ page }) => {
  await page.goto("/");
  const bitcoin = section(page, "Bitcoin News");
  const lead = bitcoin.locator("article").filter({ hasText: EARLIEST });
  await expect(lead).toBeVisible({ timeout: 20_000 });
  // The later article is no card of its own: it waits inside the fold.
  await expect(bitcoin.locator("article").filter({ hasText: LATER })).toHaveCount(0);
  const fold = bitcoin.getByRole("listitem").filter({ has: page.locator("article").filter({ hasText: EARLIEST }) });
  const more = fold.getByRole("button", { name: "+2 more sources" });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await expect(fold.getByRole("link", { name: LATER })).toBeHidden();
  await more.click();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  // In place, earliest first.
  await expect(fold.getByRole("list").getByRole("link")).toHaveText([LATER_TOO, LATER]);

  // Every article instead, on every list, remembered in this browser.
  await page.getByRole("button", { name: "Show every article" }).click();
  await expect(bitcoin.locator("article").filter({ hasText: LATER })).toBeVisible();
  await expect(bitcoin.getByRole("button", { name: /more source/ })).toHaveCount(0);
  await page.reload();
  await expect(section(page, "Bitcoin News").locator("article").filter({ hasText: LATER })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("button", { name: "Show every article" })).toHaveAttribute("aria-pressed", "true");
});

test("a member reads a feed page with the keyboard: j/k, s, m and o; read follows them to another device", async ({
  browser,
  baseURL,
}) => {
  const handle = uniqueHandle("keys");
  const laptop = await newMember(browser, baseURL ?? "", handle);
  const page = await laptop.newPage();
  await page.goto("/bitcoin-news");
  await expect(page.locator("article").first()).toBeVisible({ timeout: 20_000 });
  const unread = page.getByTestId("unread-count");
  await expect(unread).toHaveText(/^\d+ unread$/);
  const before = Number((await unread.textContent())?.match(/\d+/)?.[0]);

  // j and k: the current article has the focus, and it shows.
  await page.keyboard.press("j");
  const first = currentArticle(page);
  await expect(first).toBeVisible();
  // The current article shows it: a solid focus ring, not a focus nobody can see.
  await expect(first).toHaveCSS("outline-style", "solid");
  const firstTitle = (await first.locator("h3").textContent()) ?? "";
  await page.keyboard.press("j");
  await expect(currentArticle(page).locator("h3")).not.toHaveText(firstTitle);
  await page.keyboard.press("k");
  await expect(currentArticle(page).locator("h3")).toHaveText(firstTitle);
  const card = page.locator("[data-reading-article]").filter({ has: page.locator("h3", { hasText: firstTitle }) });

  // s: a favorite.
  await page.keyboard.press("s");
  await expect(card.getByRole("button", { name: "Remove from favorites" })).toBeVisible();

  // m: read, dimmed and counted; kept on the server.
  await page.keyboard.press("m");
  await expect(card).toHaveAttribute("data-read", "true");
  await expect(unread).toHaveText(`${before - 1} unread`);
  await page.reload();
  await expect(card).toHaveAttribute("data-read", "true", { timeout: 20_000 });

  // The same member on another device sees it read.
  const phone = await signInElsewhere(browser, baseURL ?? "", handle);
  const other = await phone.newPage();
  await other.goto("/bitcoin-news");
  await expect(
    other.locator("[data-reading-article]").filter({ has: other.locator("h3", { hasText: firstTitle }) }),
  ).toHaveAttribute("data-read", "true", { timeout: 20_000 });

  // m again: unread.
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  await page.keyboard.press("m");
  await expect(card).not.toHaveAttribute("data-read", "true");

  // o: the reader view, and read.
  await page.keyboard.press("o");
  await expect(page).toHaveURL(/\/read\?url=/);
  await page.goBack();
  await expect(card).toHaveAttribute("data-read", "true", { timeout: 20_000 });
  await laptop.close();
  await phone.close();
});

test("keys are left alone while typing, and '?' lists the shortcuts", async ({ page }) => {
  await page.goto("/bitcoin-news");
  await expect(page.locator("article").first()).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help.getByText("Open in the reader view")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  // '/' opens the search; typing j there types a j.
  await page.keyboard.press("/");
  const search = page.getByRole("combobox", { name: "Search articles" });
  await expect(search).toBeFocused();
  await page.keyboard.type("jk");
  await expect(search).toHaveValue("jk");
  await page.keyboard.press("Escape");
  await expect(currentArticle(page)).toHaveCount(0);
});
