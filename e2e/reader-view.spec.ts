import { expect, test } from "@playwright/test";

// The e2e server runs in sample mode, where the reader view (and the analysis it shares its
// read with) may fetch this server's own sample articles under /samples/articles.

const TITLE = "Bitcoin hits record high as spot ETF inflows top $1.2 billion";

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

test("reader view: a page that cannot be read says why and offers the original", async ({ page, baseURL }) => {
  const missing = `${baseURL}/samples/articles/no-such-article`;
  await page.goto(`/read?url=${encodeURIComponent(missing)}`);
  const alert = page.getByRole("alert").filter({ hasText: "Gemwire could not read this page" });
  await expect(alert).toContainText("Gemwire could not read this page", { timeout: 15_000 });
  await expect(alert).toContainText("answered HTTP 404 (not found)");
  await expect(alert.getByRole("link", { name: "Open original" })).toHaveAttribute("href", missing);

  const refused = "https://www.bloomberg.com/news/articles/x";
  await page.goto(`/read?url=${encodeURIComponent(refused)}`);
  const blocked = page.getByRole("alert").filter({ hasText: "Gemwire could not read this page" });
  await expect(blocked).toContainText("bloomberg.com does not let its articles be read");
  await expect(blocked.getByRole("link", { name: "Open original" })).toHaveAttribute("href", refused);
});
