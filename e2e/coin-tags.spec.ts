import { expect, test } from "@playwright/test";

test("coin tags: chips on cards, a chip filters the feed page, Clear restores it, and the token page's news follows the tags", async ({
  page,
}) => {
  await page.goto("/search");
  const cards = page.getByRole("main").locator("article");
  // Sample mode: the feeds are fetched from this server at start-up.
  const jupiter = cards.filter({ hasText: "Jupiter (JUP) holders vote" });
  await expect(jupiter).toHaveCount(1, { timeout: 20_000 });
  await expect(jupiter.getByRole("link", { name: "Coin: JUP" })).toBeVisible();
  // Solana has a token page: its chip goes there.
  await expect(jupiter.getByRole("link", { name: "Coin: SOL" })).toHaveAttribute("href", "/token/SOL");
  const everything = await cards.count();

  // JUP has no token page: its chip filters this list.
  await jupiter.getByRole("link", { name: "Coin: JUP" }).click();
  await expect(page).toHaveURL("/search?coin=JUP");
  await expect(page.getByText("Showing articles tagged JUP")).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole("link", { name: "Coin: JUP" })).toBeVisible();

  await page.getByRole("link", { name: "Clear the coin filter" }).click();
  await expect(page).toHaveURL("/search");
  await expect(page.getByText(/Showing articles tagged/)).toHaveCount(0);
  await expect(cards).toHaveCount(everything);

  // Any coin by address, in any case: only its articles, every card carrying its chip.
  await page.goto("/news");
  await expect(cards.first()).toBeVisible();
  const latest = await cards.count();
  await page.goto("/news?coin=eth");
  await expect(page.getByText("Showing articles tagged ETH")).toBeVisible();
  await expect(cards.first()).toBeVisible();
  const tagged = await cards.count();
  expect(tagged).toBeLessThan(latest);
  for (let i = 0; i < tagged; i++) await expect(cards.nth(i).getByRole("link", { name: "Coin: ETH" })).toBeVisible();

  // A coin nothing is tagged with: said, not a bare empty list.
  await page.goto("/news?coin=PEPE");
  await expect(page.getByText("No article here is tagged with PEPE.")).toBeVisible();

  // The token page lists the articles tagged with its coin.
  await page.goto("/token/SOL");
  const news = page.getByRole("list", { name: "News about Solana" });
  await expect(news.getByText("Solana validator count climbs to a new high")).toBeVisible({ timeout: 20_000 });
  await expect(news.getByText("Jupiter (JUP) holders vote", { exact: false })).toBeVisible();
});
