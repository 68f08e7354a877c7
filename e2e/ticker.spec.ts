import { expect, test } from "@playwright/test";

const hiddenOn = [
  "/notifications",
  "/blurts",
  "/favorites",
  "/predictions",
  "/pump-vision",
  "/team",
  "/settings",
  "/disclaimer",
  "/terms",
  "/privacy",
  "/nft-art",
  "/x-feed",
  "/search",
  "/news",
  "/market",
  "/tiktok",
  "/youtube",
  "/instagram",
];
const shownOn = [
  "/",
  "/stories",
  "/market-sentiment",
  "/tokens",
  "/token/ETH",
  "/feed",
  "/bitcoin-news",
  "/blog",
  "/admin",
];

test.describe("the token ticker strip", () => {
  for (const path of hiddenOn) {
    test(`is hidden on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("ticker-strip")).toHaveCount(0);
    });
  }
  for (const path of shownOn) {
    test(`is shown on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId("ticker-strip")).toBeVisible();
    });
  }

  test("follows client-side navigation and links to token pages", async ({ page }) => {
    await page.goto("/");
    const ticker = page.getByRole("navigation", { name: "Token ticker" });
    await expect(ticker.getByRole("link")).toHaveCount(10);
    await ticker.getByRole("link", { name: "DOGE" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dogecoin (DOGE)" })).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Favorites" }).click();
    await expect(page.getByTestId("ticker-strip")).toHaveCount(0);
  });
});
