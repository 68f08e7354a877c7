import { expect, test } from "@playwright/test";
import { routeHeadings, tickerHiddenOn } from "./routes.ts";

// e2e/every-route.spec.ts checks the strip on every route of the route list; these are the
// hidden paths that are not in it, and a token page by its symbol in capitals.
const hiddenOn = [...tickerHiddenOn].filter((path) => !routeHeadings.some(([route]) => route === path));
const shownOn = ["/token/ETH"];

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
