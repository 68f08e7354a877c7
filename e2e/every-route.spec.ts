import {
  type Browser,
  type BrowserContextOptions,
  type ConsoleMessage,
  expect,
  type Page,
  type Request,
  test,
} from "@playwright/test";
import { newMember, uniqueHandle } from "./members.ts";
import { routeHeadings, tickerHiddenOn } from "./routes.ts";

/** How long no request may be open before the page counts as settled. */
const QUIET_MS = 250;

/**
 * Every console warning or error and every uncaught exception on the page (the browser logs
 * failed requests too), from now until `stop` is called; `settled` waits until the page has
 * no request open (an event stream aside, which stays open) and has started none for
 * QUIET_MS, so late console messages are caught too.
 */
function watchConsole(page: Page): { problems: string[]; settled: () => Promise<void>; stop: () => void } {
  const problems: string[] = [];
  const open = new Set<Request>();
  let lastActivity = Date.now();
  const onError = (error: Error) => problems.push(`uncaught: ${error}`);
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === "error" || message.type() === "warning") {
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  };
  const onRequest = (request: Request) => {
    lastActivity = Date.now();
    if (request.resourceType() !== "eventsource") open.add(request);
  };
  const onDone = (request: Request) => {
    lastActivity = Date.now();
    open.delete(request);
  };
  page.on("pageerror", onError);
  page.on("console", onConsole);
  page.on("request", onRequest);
  page.on("requestfinished", onDone);
  page.on("requestfailed", onDone);
  return {
    problems,
    settled: async () => {
      await page.waitForLoadState("load");
      await expect
        .poll(() => open.size === 0 && Date.now() - lastActivity >= QUIET_MS, { intervals: [50], timeout: 15_000 })
        .toBe(true);
    },
    stop: () => {
      page.off("pageerror", onError);
      page.off("console", onConsole);
      page.off("request", onRequest);
      page.off("requestfinished", onDone);
      page.off("requestfailed", onDone);
    },
  };
}

const marquee = (page: Page) => page.getByRole("region", { name: "Coin prices in US dollars" });
/** The copy of the marquee's coins that is read out; the others are aria-hidden pictures of it. */
const marqueeCoins = (page: Page) => marquee(page).getByRole("list").first().getByRole("link");

/**
 * One page per worker for each pass: every route is still a full load of its own (a fresh
 * document, console watched from before the request), but a worker does not pay for a new
 * browser context and a cold cache per route. The context takes the project's options
 * (viewport, user agent, the welcome tour seen), as the built-in `page` would.
 */
type RoutePages = { visitorPage: Page; memberPage: Page };

async function workerPage(browser: Browser, options: BrowserContextOptions, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext(options);
  await use(await context.newPage());
  await context.close();
}

const routes = test.extend<object, RoutePages>({
  visitorPage: [
    async ({ browser }, use, { project }) => {
      const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, storageState } = project.use;
      // The other journeys run with reduced motion (playwright.config.ts); here the marquee moves.
      const options = { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, storageState };
      await workerPage(browser, { ...options, reducedMotion: "no-preference" }, use);
    },
    { scope: "worker" },
  ],
  memberPage: [
    async ({ browser }, use, { project }) => {
      const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } = project.use;
      const signedIn = await newMember(browser, baseURL ?? "", uniqueHandle("routes"));
      const storageState = await signedIn.storageState();
      await signedIn.close();
      const options = { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL, storageState };
      await workerPage(browser, { ...options, reducedMotion: "reduce" }, use);
    },
    { scope: "worker" },
  ],
});

// Each route is loaded twice, as a visitor and as a member; the layout's checks that hold on
// every route (the price marquee, the ticker strip) ride along rather than load them again.
routes.describe("every route renders", () => {
  for (const [path, heading] of routeHeadings) {
    routes(
      `${path} shows "${heading}", the five coins' prices, and the ticker where it belongs`,
      async ({ visitorPage: page }) => {
        const { problems, settled, stop } = watchConsole(page);
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

        await settled();
        stop();
        expect(problems).toEqual([]);
      },
    );
  }
});

test.describe("pages that are not routes", () => {
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

routes.describe("every route as a member", () => {
  for (const [path] of routeHeadings) {
    routes(
      `${path} logs no console warning or error, and its price marquee is one still row`,
      async ({ memberPage: page }) => {
        const { problems, settled, stop } = watchConsole(page);
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

        await settled();
        stop();
        expect(problems).toEqual([]);
      },
    );
  }
});

test.describe("an address that is no page", () => {
  test("answers 404 with the app, which shows its 404 page without console noise", async ({ page }) => {
    const { problems, settled, stop } = watchConsole(page);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await settled();
    stop();
    // The 404 of the page itself is the one the browser may log; nothing else.
    expect(problems.filter((problem) => !problem.includes("/no/such/page"))).toEqual([]);
  });

  test("while every page of the route list answers 200", async ({ request }) => {
    for (const [path] of routeHeadings) {
      expect((await request.get(path, { headers: { accept: "text/html" } })).status(), path).toBe(200);
    }
  });
});
