import { expect, type Page, test } from "@playwright/test";

/*
 * The market pages' TradingView frames. This machine has no internet: each test decides
 * what the widget hosts answer — nothing (blocked), or a tiny fake widget that speaks the
 * widgets' messages.
 */

const CHART_HOST = "https://*.tradingview.com/**";
const EMBED_HOST = "https://www.tradingview-widget.com/**";
const FAILED = (widget: string) =>
  `The ${widget} from TradingView could not load — you may be offline, or a blocker or network may be stopping tradingview.com.`;

async function blockWidgets(page: Page) {
  await page.route(CHART_HOST, (route) => route.abort("internetdisconnected"));
  await page.route(EMBED_HOST, (route) => route.abort("blockedbyclient"));
}

/*
 * The fake chart answers the loader's "widgetReady" question with its token (from its own
 * address), and also sends a resize with a made-up token. The fake embeds announce
 * themselves with their token (from the JSON in their fragment); the news asks for 640 px.
 * Then every fake tries to pass itself off as its sibling frames, using their tokens
 * (same-origin frames can read each other's addresses) — from the wrong window.
 */
const fakeChart = `<!doctype html><title>fake chart</title><body style="background:#123">fake chart<script>
const token = new URLSearchParams(location.search).get("frameElementId");
addEventListener("message", (event) => {
  const asked = JSON.parse(event.data);
  if (asked.name !== "widgetReady") return;
  parent.postMessage(JSON.stringify({ id: asked.id, type: "on", name: "widgetReady", client_id: token, data: {}, provider: "TradingView" }), "*");
  parent.postMessage({ name: "tv-widget-resize-iframe", frameElementId: "tv_forged", data: { height: 150 } }, "*");
});
</script>`;

const fakeEmbed = `<!doctype html><title>fake embed</title><body style="background:#321">fake embed<script>
const token = JSON.parse(decodeURIComponent(location.hash.slice(1))).frameElementId;
const isNews = location.pathname.includes("/timeline/");
parent.postMessage({ name: "tv-widget-load", frameElementId: token }, "*");
if (isNews) parent.postMessage({ name: "tv-widget-resize-iframe", frameElementId: token, data: { width: 300, height: 640 } }, "*");
parent.postMessage({ name: "tv-widget-resize-iframe", frameElementId: "tv_forged_token_0000000000000000", data: { height: 1500 } }, "*");
let tries = 0;
const impersonate = setInterval(() => {
  for (let i = 0; i < parent.frames.length; i++) {
    const sibling = parent.frames[i];
    if (sibling === window) continue;
    try {
      const stolen = JSON.parse(decodeURIComponent(sibling.location.hash.slice(1))).frameElementId;
      parent.postMessage({ name: "tv-widget-resize-iframe", frameElementId: stolen, data: { height: 300 } }, "*");
      document.body.dataset.impersonated = "yes";
    } catch {}
  }
  if (++tries > 20) clearInterval(impersonate);
}, 100);
</script>`;

async function fakeWidgets(page: Page) {
  await page.unrouteAll();
  await page.route(CHART_HOST, (route) => route.fulfill({ contentType: "text/html", body: fakeChart }));
  await page.route(EMBED_HOST, (route) => route.fulfill({ contentType: "text/html", body: fakeEmbed }));
}

const box = (page: Page, widget: string) => page.getByTestId(`tradingview-${widget}`);
const frameIn = (page: Page, widget: string) => box(page, widget).locator("iframe");

test.describe("market pages with TradingView blocked", () => {
  // Tall enough that every box is on screen, so every frame's clock runs.
  test.use({ viewport: { width: 1440, height: 2200 } });

  for (const [path, heading, widgets] of [
    ["/market-sentiment", "Market Sentiment", ["chart", "news"]],
    ["/tokens", "Tokens", ["chart", "screener", "news"]],
  ] as const) {
    test(`${path}: each box says in place that it could not load, and Retry brings it back`, async ({ page }) => {
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(String(error)));
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
      });
      await page.clock.install();
      await blockWidgets(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(/below are TradingView's widgets, loaded from tradingview\.com/)).toBeVisible();
      for (const widget of widgets) {
        await expect(box(page, widget).getByRole("status")).toHaveText(`Loading the ${widget} from TradingView…`);
      }
      await page.clock.fastForward(16_000);
      for (const widget of widgets) {
        await expect(box(page, widget).getByRole("alert")).toContainText(FAILED(widget));
        await expect(box(page, widget).getByRole("button", { name: "Retry" })).toBeVisible();
        await expect(
          box(page, widget).getByRole("link", { name: `Open the ${widget} on tradingview.com` }),
        ).toBeVisible();
        // The error page Chromium put in the frame does not cover the message.
        await expect(frameIn(page, widget)).toBeHidden();
      }
      expect(problems).toEqual([]);

      await fakeWidgets(page);
      const before = await frameIn(page, "chart").getAttribute("src");
      await box(page, "chart").getByRole("button", { name: "Retry" }).click();
      await expect(box(page, "chart")).toHaveAttribute("data-phase", "ready");
      await expect(frameIn(page, "chart")).toBeVisible();
      expect(await frameIn(page, "chart").getAttribute("src")).not.toBe(before);
    });
  }
});

test.describe("market pages with TradingView answering", () => {
  test.use({ viewport: { width: 1440, height: 2200 } });

  test("the frames show once they prove they are theirs; forged and out-of-bounds styles are ignored", async ({
    page,
  }) => {
    await fakeWidgets(page);
    const response = await page.goto("/tokens");
    const csp = response?.headers()["content-security-policy"] ?? "";
    const directive = (name: string) =>
      csp
        .split(";")
        .map((part) => part.trim().split(/\s+/))
        .find(([key]) => key === name)
        ?.slice(1);
    expect(directive("frame-src")).toEqual(["https://s.tradingview.com", "https://www.tradingview-widget.com"]);
    expect(directive("script-src")).toEqual(["'self'"]);

    for (const widget of ["chart", "screener", "news"]) {
      await expect(box(page, widget)).toHaveAttribute("data-phase", "ready");
      await expect(frameIn(page, widget)).toBeVisible();
    }
    // The news asked for 640 px with its token: applied. The chart's forged 150 px, the
    // embeds' forged 1500 px and the siblings' stolen-token 300 px: ignored.
    await expect(box(page, "news")).toHaveCSS("height", "640px");
    const impersonated = page.frameLocator('[data-testid="tradingview-news"] iframe').locator("body");
    await expect(impersonated).toHaveAttribute("data-impersonated", "yes");
    await expect(box(page, "chart")).toHaveCSS("height", "550px");
    await expect(box(page, "screener")).toHaveCSS("height", "800px");
    await expect(box(page, "news")).toHaveCSS("height", "640px");

    const chartSrc = new URL((await frameIn(page, "chart").getAttribute("src")) ?? "");
    expect(chartSrc.origin + chartSrc.pathname).toBe("https://s.tradingview.com/widgetembed/");
    expect(chartSrc.searchParams.get("symbol")).toBe("BINANCE:BTCUSDT");
    expect(chartSrc.searchParams.get("theme")).toBe("dark");
    await expect(frameIn(page, "chart")).toHaveAttribute("title", "BINANCE:BTCUSDT price chart from TradingView");
    await expect(frameIn(page, "chart")).toHaveAttribute("loading", "lazy");
    await expect(frameIn(page, "chart")).toHaveAttribute(
      "sandbox",
      "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox",
    );

    await page.getByRole("button", { name: "ETH", exact: true }).click();
    await expect(page).toHaveURL("/tokens?chart=ETH");
    await expect(frameIn(page, "chart")).toHaveAttribute("src", /symbol=BINANCE%3AETHUSDT/);
    await expect(box(page, "chart")).toHaveAttribute("data-phase", "ready");
  });

  test("going offline while the frames load says so; coming back loads them", async ({ page, context }) => {
    await blockWidgets(page);
    await page.goto("/market-sentiment");
    await expect(box(page, "chart").getByRole("status")).toBeVisible();
    await context.setOffline(true);
    for (const widget of ["chart", "news"]) {
      await expect(box(page, widget).getByRole("alert")).toContainText(
        `You are offline, so the ${widget} from TradingView cannot load.`,
      );
      await expect(frameIn(page, widget)).toHaveCount(0);
    }
    await fakeWidgets(page);
    await context.setOffline(false);
    for (const widget of ["chart", "news"]) {
      await expect(box(page, widget)).toHaveAttribute("data-phase", "ready");
    }
  });
});

test.describe("market pages on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the news comes below the chart", async ({ page }) => {
    await fakeWidgets(page);
    await page.goto("/market-sentiment");
    const chart = await box(page, "chart").boundingBox();
    const news = await box(page, "news").boundingBox();
    expect(chart && news && news.y >= chart.y + chart.height).toBe(true);
    expect(chart && chart.width <= 390).toBe(true);
  });
});
