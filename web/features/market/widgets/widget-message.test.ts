import { describe, expect, it } from "vitest";
import { widgetOrigins } from "../../../../contracts/widget-hosts.ts";
import { type FrameIdentity, readWidgetMessage, type WidgetSignal } from "./widget-message.ts";

const token = "tv_0123456789abcdef0123456789abcdef";
const otherToken = "tv_fedcba9876543210fedcba9876543210";
// Two distinct windows stand in for "this frame" and "some other frame".
const frameWindow = { postMessage() {} } as unknown as MessageEventSource;
const otherWindow = { postMessage() {} } as unknown as MessageEventSource;
const chart: FrameIdentity = { origin: widgetOrigins.chart, token, source: frameWindow };
const news: FrameIdentity = { origin: widgetOrigins.embed, token, source: frameWindow };

const load = { name: "tv-widget-load", frameElementId: token };
const resize = (height: unknown, id: unknown = token) => ({
  name: "tv-widget-resize-iframe",
  frameElementId: id,
  data: { width: 300, height },
});
const alive: WidgetSignal = { height: null };

const cases: Array<{
  name: string;
  origin?: string;
  source?: MessageEventSource | null;
  data: unknown;
  frame?: FrameIdentity;
  expected: WidgetSignal | null;
}> = [
  { name: "the frame's load message", frame: news, origin: widgetOrigins.embed, data: load, expected: alive },
  {
    name: "a height within bounds",
    frame: news,
    origin: widgetOrigins.embed,
    data: resize(640),
    expected: { height: 640 },
  },
  {
    name: "a fractional height, rounded",
    frame: news,
    origin: widgetOrigins.embed,
    data: resize(640.6),
    expected: { height: 641 },
  },
  {
    name: "the bounds themselves",
    frame: news,
    origin: widgetOrigins.embed,
    data: resize(2000),
    expected: { height: 2000 },
  },
  {
    name: "the chart's JSON answer carrying the token as client_id",
    data: JSON.stringify({
      id: 0,
      type: "on",
      name: "widgetReady",
      client_id: token,
      data: {},
      provider: "TradingView",
    }),
    expected: alive,
  },
  // Origin
  { name: "a foreign origin", origin: "https://evil.example", data: load, expected: null },
  { name: "the other widget host", origin: widgetOrigins.embed, data: load, expected: null },
  { name: "the origin with a port", origin: "https://s.tradingview.com:443", data: load, expected: null },
  { name: "the origin with a trailing slash", origin: "https://s.tradingview.com/", data: load, expected: null },
  { name: "the origin over http", origin: "http://s.tradingview.com", data: load, expected: null },
  { name: "a look-alike subdomain", origin: "https://s.tradingview.com.evil.example", data: load, expected: null },
  { name: "an opaque origin", origin: "null", data: load, expected: null },
  {
    name: "a frame identity whose origin is no widget host",
    frame: { ...chart, origin: "https://evil.example" },
    origin: "https://evil.example",
    data: load,
    expected: null,
  },
  // Source
  { name: "right origin and token, another window", source: otherWindow, data: load, expected: null },
  { name: "no source window", source: null, data: load, expected: null },
  { name: "a frame not yet attached", frame: { ...chart, source: null }, data: load, expected: null },
  // Token
  { name: "right origin, wrong token", data: { ...load, frameElementId: "tv_guess" }, expected: null },
  { name: "the token of another frame", data: { ...load, frameElementId: otherToken }, expected: null },
  { name: "no token", data: { name: "tv-widget-load" }, expected: null },
  { name: "the token as a number", data: { name: "tv-widget-load", frameElementId: 12345 }, expected: null },
  { name: "the token inside an array", data: { name: "tv-widget-load", frameElementId: [token] }, expected: null },
  { name: "the token with a different case", data: { ...load, frameElementId: token.toUpperCase() }, expected: null },
  { name: "a resize with another frame's token", data: resize(640, otherToken), expected: null },
  {
    name: "an empty token on both sides",
    frame: { ...chart, token: "" },
    data: { ...load, frameElementId: "" },
    expected: null,
  },
  // Data
  { name: "null data", data: null, expected: null },
  { name: "a number", data: 42, expected: null },
  { name: "a boolean", data: true, expected: null },
  { name: "an array holding the token", data: [token], expected: null },
  { name: "the bare token as a string", data: token, expected: null },
  { name: "a string that is not JSON", data: `{frameElementId: ${token}`, expected: null },
  {
    name: "a JSON string of another frame",
    data: JSON.stringify({ ...load, frameElementId: otherToken }),
    expected: null,
  },
  {
    name: "an oversized JSON string",
    data: JSON.stringify({ ...load, padding: "x".repeat(20_000) }),
    expected: null,
  },
  // Heights: a valid message still proves the frame alive, but no out-of-bounds style is applied.
  { name: "a huge height", data: resize(1e9), expected: alive },
  { name: "a negative height", data: resize(-500), expected: alive },
  { name: "a height under the minimum", data: resize(99), expected: alive },
  { name: "a height over the maximum", data: resize(2001), expected: alive },
  { name: "NaN", data: resize(Number.NaN), expected: alive },
  { name: "Infinity", data: resize(Number.POSITIVE_INFINITY), expected: alive },
  { name: "a numeric string", data: resize("640"), expected: alive },
  { name: "a CSS injection", data: resize("640px; background: url(https://evil.example/x)"), expected: alive },
  {
    name: "markup as the name",
    data: { name: '<img src=x onerror="alert(1)">', frameElementId: token },
    expected: alive,
  },
  { name: "a resize without data", data: { name: "tv-widget-resize-iframe", frameElementId: token }, expected: alive },
  {
    name: "a height outside data",
    data: { name: "tv-widget-resize-iframe", frameElementId: token, height: 640 },
    expected: alive,
  },
];

describe("readWidgetMessage", () => {
  for (const { name, origin, source, data, frame, expected } of cases) {
    it(`${expected === null ? "ignores" : "accepts"} ${name}`, () => {
      const identity = frame ?? chart;
      const message = { origin: origin ?? identity.origin, source: source === undefined ? frameWindow : source, data };
      expect(readWidgetMessage(message, identity)).toEqual(expected);
    });
  }

  it("copies nothing but a number out of a message", () => {
    const signal = readWidgetMessage(
      {
        origin: widgetOrigins.chart,
        source: frameWindow,
        data: { ...resize(500), style: "position:fixed", html: "<b>" },
      },
      chart,
    );
    expect(signal).toEqual({ height: 500 });
    expect(Object.keys(signal ?? {})).toEqual(["height"]);
  });
});
