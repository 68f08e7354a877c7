import { expect, test } from "@playwright/test";

// The e2e server runs in sample mode, where the reader view (and the analysis it shares its
// read with) may fetch this server's own sample articles under /samples/articles. The reader
// view opens only articles Gemwire knows: stored articles the viewer may see, and favorites.

// The earliest of the record-high story's articles in Bitcoin News: the lead of its fold there.
const TITLE = "Bitcoin hits record high while spot ETF inflows top $1.2 billion";
// A sample article whose page its outlet has taken down (server/samples/articles.ts): it answers 404.
const GONE = "Exchange pulls a listing notice hours after posting it";

test("reader view: an article opened from its card, its text, key points and the original", async ({ page }) => {
  await page.goto("/bitcoin-news");
  const card = page.getByRole("article").filter({ hasText: TITLE }).first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  const original = await card.getByRole("link", { name: TITLE }).getAttribute("href");
  expect(original).toMatch(/\/samples\/articles\//);

  await card.getByRole("link", { name: "Read in Gemwire" }).click();
  await expect(page).toHaveURL(`/read?url=${encodeURIComponent(original as string)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE, { timeout: 15_000 });
  const text = page.getByRole("article", { name: "Article text" });
  await expect(text).toContainText("Bitcoin climbed to a fresh all-time high");

  const open = page.getByRole("link", { name: "Open original" });
  await expect(open).toHaveAttribute("href", original as string);
  await expect(open).toHaveAttribute("target", "_blank");
  await expect(open).toHaveAttribute("rel", "noopener noreferrer");

  // The key points come from the analysis, which reads the same kept text.
  const keyPoints = page.getByRole("complementary", { name: "About this article" });
  await expect(keyPoints.locator("blockquote").first()).toContainText("Bitcoin climbed to a fresh all-time high", {
    timeout: 15_000,
  });
  await expect(keyPoints.getByRole("link", { name: /^BTC\b/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Comments/ })).toBeVisible();

  // Back where the reader came from, by keyboard.
  await page.getByRole("link", { name: "Back" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/bitcoin-news$/);
});

test("reader view: a stored article whose page fails says why and offers the original", async ({ page }) => {
  await page.goto("/news");
  const card = page.getByRole("article").filter({ hasText: GONE }).first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  const original = await card.getByRole("link", { name: GONE }).getAttribute("href");
  expect(original).toMatch(/\/samples\/articles\//);

  await card.getByRole("link", { name: "Read in Gemwire" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(GONE, { timeout: 15_000 });
  const alert = page.getByRole("alert").filter({ hasText: "Gemwire could not read this page" });
  await expect(alert).toContainText("answered HTTP 404 (not found)", { timeout: 15_000 });
  await expect(alert.getByRole("link", { name: "Open original" })).toHaveAttribute("href", original as string);
  await expect(page.getByRole("article", { name: "Article text" })).toHaveCount(0);
});

test("reader view: an address Gemwire does not know is not opened inside Gemwire", async ({ page, baseURL }) => {
  // Even a page Gemwire could read (this server's own sample article page) is refused when
  // no feed carries it: /read?url= is no way to show anyone's page under Gemwire's name.
  for (const address of ["https://attacker.example/login?next=wallet", `${baseURL}/samples/site/`]) {
    await page.goto(`/read?url=${encodeURIComponent(address)}`);
    const alert = page.getByRole("alert").filter({ hasText: "Gemwire could not read this page" });
    await expect(alert).toContainText(
      "Because Gemwire opens only articles from its feeds and your favorites here. Open the original instead.",
      { timeout: 15_000 },
    );
    await expect(alert.getByRole("link", { name: "Open original" })).toHaveAttribute("href", address);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(new URL(address).hostname);
    await expect(page.getByRole("article", { name: "Article text" })).toHaveCount(0);
  }
});
