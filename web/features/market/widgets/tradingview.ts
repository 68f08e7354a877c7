import { widgetOrigins } from "../../../../contracts/widget-hosts.ts";

/*
 * TradingView's embeds as frames we build ourselves: the addresses their loader script would
 * produce, without running that script in our page (docs/decisions/014).
 */

export type TradingViewWidget = {
  /** What the reader calls it: "the chart from TradingView could not load". */
  label: "chart" | "screener" | "news";
  /** The frame's title, for assistive technology. */
  title: string;
  origin: string;
  /** The frame's height, until the frame asks for another within bounds. */
  height: number;
  src: (token: string) => string;
  /** The same content on tradingview.com, offered when the frame cannot load. */
  openUrl: string;
  /**
   * The chart says it is alive only when asked (the loader asks "widgetReady" once the frame
   * has loaded); the other embeds announce themselves.
   */
  probe?: (token: string) => string;
};

export function chartWidget({ symbol, height }: { symbol: string; height: number }): TradingViewWidget {
  return {
    label: "chart",
    title: `${symbol} price chart from TradingView`,
    origin: widgetOrigins.chart,
    height,
    src: (token) =>
      `${widgetOrigins.chart}/widgetembed/?${new URLSearchParams({
        frameElementId: token,
        symbol,
        interval: "D",
        hidesidetoolbar: "1",
        symboledit: "1",
        saveimage: "0",
        theme: "dark",
        style: "1",
        timezone: "Etc/UTC",
        withdateranges: "1",
        locale: "en",
        studies_overrides: "{}",
        overrides: "{}",
        enabled_features: "[]",
        disabled_features: "[]",
      })}`,
    openUrl: `https://www.tradingview.com/chart/?symbol=${encodeURIComponent(symbol)}`,
    probe: (token) =>
      JSON.stringify({ id: 0, type: "get", name: "widgetReady", client_id: token, data: {}, provider: "TradingView" }),
  };
}

/** An embed on the widget host: its settings travel as JSON in the address's fragment. */
function embedSrc(kind: string, token: string, settings: Record<string, unknown>): string {
  const hash = encodeURIComponent(JSON.stringify({ frameElementId: token, ...settings }));
  return `${widgetOrigins.embed}/embed-widget/${kind}/?locale=en#${hash}`;
}

export function screenerWidget({ height }: { height: number }): TradingViewWidget {
  return {
    label: "screener",
    title: "Crypto screener from TradingView",
    origin: widgetOrigins.embed,
    height,
    src: (token) =>
      embedSrc("screener", token, {
        width: "100%",
        height,
        defaultColumn: "overview",
        defaultScreen: "general",
        market: "crypto",
        screener_type: "crypto_mkt",
        displayCurrency: "USD",
        showToolbar: true,
        colorTheme: "dark",
        isTransparent: false,
      }),
    openUrl: "https://www.tradingview.com/crypto-coins-screener/",
  };
}

export function newsWidget({ height }: { height: number }): TradingViewWidget {
  return {
    label: "news",
    title: "Crypto market news from TradingView",
    origin: widgetOrigins.embed,
    height,
    src: (token) =>
      embedSrc("timeline", token, {
        feedMode: "market",
        market: "crypto",
        displayMode: "regular",
        width: "100%",
        height,
        colorTheme: "dark",
        isTransparent: false,
      }),
    openUrl: "https://www.tradingview.com/news/",
  };
}

/** A token TradingView charts against Tether on Binance, e.g. BINANCE:BTCUSDT. */
export const tradingViewSymbol = (symbol: string) => `BINANCE:${symbol.toUpperCase()}USDT`;

/**
 * A fresh, unguessable token for one frame. `crypto.randomUUID` exists only in secure
 * contexts, and Gemwire may be served over plain HTTP on a private network, so
 * `getRandomValues` (available everywhere) stands in there.
 */
export function newFrameToken(random: Pick<Crypto, "getRandomValues"> & Partial<Pick<Crypto, "randomUUID">> = crypto) {
  if (typeof random.randomUUID === "function") return `tv_${random.randomUUID().replaceAll("-", "")}`;
  const bytes = random.getRandomValues(new Uint8Array(16));
  return `tv_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}
