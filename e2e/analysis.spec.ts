import { expect, test } from "@playwright/test";

// The e2e server runs in sample mode, where analysis may read its own sample articles, so every
// analysis here is the real one: fetched, read in the worker, ranked and tagged.

test("analysis: an article's quoted key points and a ticker chip to its token page", async ({ page }) => {
  await page.goto("/bitcoin-news");
  const card = page
    .getByRole("article")
    // The story's earliest article: the card that leads its fold.
    .filter({ hasText: "Bitcoin hits record high while spot ETF inflows top $1.2 billion" })
    .first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  const analysed = page.waitForResponse((response) => /\/api\/analysis\?url=/.test(response.url()));
  await card.getByRole("button", { name: "Analyze" }).click();

  const dialog = page.getByRole("dialog", { name: "Article analysis" });
  await expect(dialog).toBeVisible();
  expect((await analysed).status()).toBe(200);
  await expect(dialog.getByRole("heading", { level: 3 })).toHaveText(/Bitcoin/);
  // The sample article has three sentences in three paragraphs: each is quoted where it stands.
  const quotes = dialog.locator("blockquote");
  await expect(quotes).toHaveCount(3);
  await expect(quotes.first()).toContainText("Bitcoin climbed to a fresh all-time high");
  await expect(dialog.getByText(/^Paragraph \d$/)).toHaveText(["Paragraph 1", "Paragraph 2", "Paragraph 3"]);
  await expect(dialog).toContainText("Key sentences chosen from the article");

  // BTC is a built-in token: its chip goes to the token page and the dialog closes.
  await dialog.getByRole("link", { name: /^BTC\b/ }).click();
  await expect(page).toHaveURL(/\/token\/BTC$/);
  await expect(page.getByRole("dialog", { name: "Article analysis" })).toHaveCount(0);
});

test("analysis: a whole story from the Stories page, its tickers across its articles", async ({ page }) => {
  await page.goto("/stories");
  const story = page
    .getByRole("list", { name: "Stories" })
    .getByRole("article")
    .filter({ hasText: /Solana/ })
    .first();
  await expect(story).toBeVisible({ timeout: 20_000 });
  await story.getByRole("button", { name: "Analyze story" }).click();

  const dialog = page.getByRole("dialog", { name: "Story analysis" });
  await expect(dialog).toContainText(/Across \d+ articles/, { timeout: 15_000 });
  await expect(dialog.locator("blockquote").first()).toContainText(/Solana|memecoin/);
  // SOL is named in every article of the story and is Solana's own token.
  const sol = dialog.getByRole("link", { name: /^SOL\b/ });
  await expect(sol).toContainText("Solana");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

test("analysis: refused sites never reach the server's fetcher, and say why", async ({ page }) => {
  const answer = await page.request.get(`/api/analysis?url=${encodeURIComponent("https://www.wsj.com/articles/x")}`);
  expect(answer.status()).toBe(400);
  expect((await answer.json()).error.message).toMatch(/wsj\.com/);
});
