import { type BrowserContextOptions, expect, type Page, test } from "@playwright/test";
import { newMember, uniqueHandle } from "./members.ts";
import { routeHeadings, tickerHiddenOn } from "./routes.ts";

/** Every console warning or error and every uncaught exception on the page (the browser logs failed requests too). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`uncaught: ${error}`));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  });
  return problems;
}

const marquee = (page: Page) => page.getByRole("region", { name: "Coin prices in US dollars" });
/** The copy of the marquee's coins that is read out; the others are aria-hidden pictures of it. */
const marqueeCoins = (page: Page) => marquee(page).getByRole("list").first().getByRole("link");

/** Waits until the page has made its requests, so late console messages are caught too. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
}

// Each route is loaded twice, as a visitor and as a member; the layout's checks that hold on
// every route (the price marquee, the ticker strip) ride along rather than load them again.
test.describe("every route renders", () => {
  // The other journeys run with reduced motion (playwright.config.ts); here the marquee moves.
  test.use({ reducedMotion: "no-preference" });

  for (const [path, heading] of routeHeadings) {
    test(`${path} shows "${heading}", the five coins' prices, and the ticker where it belongs`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(`${heading} · Gemwire`);
      await expect(page.locator("html")).toHaveClass(/dark/);
      // Nothing blank and nothing blocked by the Content-Security-Policy.
      await expect(page.getByRole("main")).not.toBeEmpty();

      await expect(marquee(page)).toBeVisible();
      await expect(marqueeCoins(page)).toHaveCount(5);
      await expect(marqueeCoins(page).first()).toContainText(/^BTC \$[\d,]+\.\d\d/);
      // The moving track (two copies of the coins) never widens the page.
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0], "scrolls sideways").toBeLessThanOrEqual(widths[1] as number);

      if (tickerHiddenOn.has(path)) await expect(page.getByTestId("ticker-strip")).toHaveCount(0);
      else await expect(page.getByTestId("ticker-strip")).toBeVisible();

      await settle(page);
      expect(problems).toEqual([]);
    });
  }

  test("home shows the tagline", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("Spot trending stories and scan Solana for AI suggested tickers")).toBeVisible();
  });

  test("an unknown token says so", async ({ page }) => {
    await page.goto("/token/NOPE");
    await expect(page.getByRole("heading", { level: 1, name: "Token not found" })).toBeVisible();
  });

  test("token symbols match case-insensitively", async ({ page }) => {
    await page.goto("/token/SoL");
    await expect(page.getByRole("heading", { level: 1, name: "Solana (SOL)" })).toBeVisible();
  });

  test("a blog address without a post says 'Post not found', with a way back to the blog", async ({ page }) => {
    await page.goto("/blog/no-such-post-here");
    await expect(page.getByRole("heading", { level: 1, name: "Post not found" })).toBeVisible();
    await expect(page).toHaveTitle("Post not found · Gemwire");
    await page.getByRole("link", { name: "Back to the blog" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  });

  test("an unknown path shows a 404 page with a way home", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByText("/no/such/page")).toBeVisible();
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
});

test.describe("every route as a member", () => {
  let member: BrowserContextOptions["storageState"];

  test.beforeAll(async ({ browser, baseURL }) => {
    const context = await newMember(browser, baseURL ?? "", uniqueHandle("routes"));
    member = await context.storageState();
    await context.close();
  });

  for (const [path] of routeHeadings) {
    test(`${path} logs no console warning or error, and its price marquee is one still row`, async ({
      browser,
      baseURL,
    }) => {
      // Reduced motion, as the project's journeys run.
      const context = await browser.newContext({ baseURL, storageState: member, reducedMotion: "reduce" });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("main")).not.toBeEmpty();

      await expect(marqueeCoins(page)).toHaveCount(5);
      // Measured once the prices are in: their arrival widens the coins.
      await expect(marqueeCoins(page).first()).toContainText("$");
      const track = page.getByTestId("price-marquee-track");
      expect(await track.evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
      await expect(marquee(page).getByRole("list", { includeHidden: true })).toHaveCount(1);
      const before = await marqueeCoins(page).first().boundingBox();
      await page.waitForTimeout(300);
      expect(await marqueeCoins(page).first().boundingBox()).toEqual(before);

      await settle(page);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

test.describe("an address that is no page", () => {
  test("answers 404 with the app, which shows its 404 page without console noise", async ({ page }) => {
    const problems = watchConsole(page);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await settle(page);
    // The 404 of the page itself is the one the browser may log; nothing else.
    expect(problems.filter((problem) => !problem.includes("/no/such/page"))).toEqual([]);
  });

  test("while every page of the route list answers 200", async ({ request }) => {
    for (const [path] of routeHeadings) {
      expect((await request.get(path, { headers: { accept: "text/html" } })).status(), path).toBe(200);
    }
  });
});
