import { expect, type Page, test } from "@playwright/test";
import { routeHeadings } from "./routes.ts";

const marquee = (page: Page) => page.getByRole("region", { name: "Coin prices in US dollars" });
const track = (page: Page) => page.getByTestId("price-marquee-track");
/** The copy of the coins that is read out; the others are aria-hidden pictures of it. */
const coins = (page: Page) => marquee(page).getByRole("list").first().getByRole("link");
const animation = (page: Page) =>
  track(page).evaluate((element) => {
    const style = getComputedStyle(element);
    return { name: style.animationName, state: style.animationPlayState };
  });

// Every route's marquee (five coins with prices, the page never wider, one still row under
// reduced motion) is checked in e2e/every-route.spec.ts, which loads each route anyway.
test.describe("the price marquee", () => {
  // The other journeys run with reduced motion (playwright.config.ts); these watch it move.
  test.use({ reducedMotion: "no-preference" });

  test("links each coin to its token page", async ({ page }) => {
    await page.goto("/");
    // The pointer over the marquee stops it, so a coin can be clicked as a reader would.
    await marquee(page).hover();
    await coins(page).filter({ hasText: "SOL" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Solana (SOL)" })).toBeVisible();
  });

  test("scrolls, and stops under the pointer and while the keyboard is in it", async ({ page }) => {
    await page.goto("/disclaimer");
    await expect(coins(page).first()).toContainText("$");
    expect(await animation(page)).toEqual({ name: "marquee", state: "running" });

    await marquee(page).hover();
    expect((await animation(page)).state).toBe("paused");
    await page.getByRole("heading", { level: 1 }).hover();
    expect((await animation(page)).state).toBe("running");

    // Let the track slide (60 s a loop) until the first copy of the coins is out of view.
    await page.waitForTimeout(10_000);
    await coins(page).first().focus();
    expect((await animation(page)).state).toBe("paused");
    await expect(coins(page).first()).toBeInViewport();
    await page.keyboard.press("Tab");
    await expect(coins(page).nth(1)).toBeFocused();
    await expect(coins(page).nth(1)).toBeInViewport();
    expect((await animation(page)).state).toBe("paused");
    await page.getByRole("heading", { level: 1 }).click();
    expect((await animation(page)).state).toBe("running");
  });

  test("reads '—' for every coin when prices fail, and every page still renders", async ({ page }) => {
    test.setTimeout(120_000);
    await page.route("**/api/prices?*", (route) =>
      route.fulfill({ status: 503, json: { error: { code: "unavailable", message: "Service unavailable" } } }),
    );
    for (const [path, heading] of routeHeadings) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
      await expect(coins(page).first(), path).toHaveText("BTC — no price now");
    }
    await page.goto("/token/eth");
    await expect(page.getByRole("heading", { level: 1, name: "Ethereum (ETH)" })).toBeVisible();
    await expect(coins(page)).toHaveText([
      "BTC — no price now",
      "ETH — no price now",
      "SOL — no price now",
      "XRP — no price now",
      "ADA — no price now",
    ]);
    const ticker = page.getByRole("navigation", { name: "Token ticker" });
    await expect(ticker.getByRole("link", { name: /^USDT/ })).toHaveText("USDT — no price now");
    await expect(page.getByText(/^No price for Ethereum right now: Service unavailable\./)).toBeVisible();
  });

  test("reads '—' for a coin the server has no price for, and says why", async ({ page }) => {
    const retryAt = new Date(Date.now() + 60_000).toISOString();
    await page.route("**/api/prices?*", async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { prices: Record<string, unknown> };
      const prices = Object.fromEntries(Object.keys(body.prices).map((symbol) => [symbol, null]));
      await route.fulfill({
        json: { prices, unavailable: { reason: "The price service did not answer in time.", lastGood: {}, retryAt } },
      });
    });
    await page.goto("/");
    await expect(coins(page).first()).toHaveText("BTC — no price now");
    const widget = page.getByRole("complementary", { name: "Market" });
    await expect(
      widget.getByText(/^Prices are unavailable right now: The price service did not answer in time\./),
    ).toBeVisible();
    await expect(widget.getByRole("row", { name: /^BTC/ })).toContainText("—");
  });
});
