/*
 * Zod-free, so both the server (the Content-Security-Policy) and the web app (the frames'
 * addresses) read it: the policy allows exactly the hosts the frames use (decision 014).
 */

/** Where TradingView's widget frames come from: the advanced chart, and the other embeds (screener, news). */
export const widgetOrigins = {
  chart: "https://s.tradingview.com",
  embed: "https://www.tradingview-widget.com",
} as const;

export type WidgetOrigin = (typeof widgetOrigins)[keyof typeof widgetOrigins];

export const allWidgetOrigins: readonly WidgetOrigin[] = Object.values(widgetOrigins);
