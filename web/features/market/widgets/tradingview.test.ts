import { describe, expect, it } from "vitest";
import { allWidgetOrigins, widgetOrigins } from "../../../../contracts/widget-hosts.ts";
import { chartWidget, newFrameToken, newsWidget, screenerWidget, tradingViewSymbol } from "./tradingview.ts";

const token = "tv_0123456789abcdef0123456789abcdef";
const settingsOf = (src: string) => JSON.parse(decodeURIComponent(new URL(src).hash.slice(1)));

describe("TradingView frames", () => {
  const widgets = [
    chartWidget({ symbol: "BINANCE:BTCUSDT", height: 800 }),
    screenerWidget({ height: 800 }),
    newsWidget({ height: 990 }),
  ];

  it("load only from the hosts the Content-Security-Policy allows, each from its own", () => {
    for (const widget of widgets) {
      const origin = new URL(widget.src(token)).origin;
      expect(allWidgetOrigins).toContain(origin);
      expect(origin).toBe(widget.origin);
    }
  });

  it("hand each frame its token and ask for the dark theme", () => {
    const [chart, screener, news] = widgets.map((widget) => widget.src(token));
    const chartUrl = new URL(chart ?? "");
    expect(chartUrl.origin + chartUrl.pathname).toBe(`${widgetOrigins.chart}/widgetembed/`);
    expect(chartUrl.searchParams.get("frameElementId")).toBe(token);
    expect(chartUrl.searchParams.get("symbol")).toBe("BINANCE:BTCUSDT");
    expect(chartUrl.searchParams.get("theme")).toBe("dark");
    expect(screener?.startsWith(`${widgetOrigins.embed}/embed-widget/screener/?locale=en#`)).toBe(true);
    expect(settingsOf(screener ?? "")).toMatchObject({
      frameElementId: token,
      market: "crypto",
      colorTheme: "dark",
      height: 800,
    });
    expect(news?.startsWith(`${widgetOrigins.embed}/embed-widget/timeline/?locale=en#`)).toBe(true);
    expect(settingsOf(news ?? "")).toMatchObject({
      frameElementId: token,
      market: "crypto",
      colorTheme: "dark",
      height: 990,
    });
  });

  it("chart a token against Tether on Binance", () => {
    expect(tradingViewSymbol("eth")).toBe("BINANCE:ETHUSDT");
  });
});

describe("newFrameToken", () => {
  it("is 128 random bits, different every time", () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newFrameToken()));
    expect(tokens.size).toBe(50);
    for (const each of tokens) expect(each).toMatch(/^tv_[0-9a-f]{32}$/);
  });

  it("works where crypto.randomUUID does not (plain HTTP is no secure context)", () => {
    const insecure: Pick<Crypto, "getRandomValues"> = { getRandomValues: (array) => crypto.getRandomValues(array) };
    expect(newFrameToken(insecure)).toMatch(/^tv_[0-9a-f]{32}$/);
  });
});
