import { describe, expect, it } from "vitest";
import { failingSources, httpLink, sourceName } from "./trend-display.ts";

describe("trend display rules", () => {
  it.each([
    ["https://news.example/a?b=1", "https://news.example/a?b=1"],
    ["http://news.example/", "http://news.example/"],
    ["javascript:alert(1)", null],
    ["JavaScript:alert(1)", null],
    ["data:text/html,<script>", null],
    ["/relative", null],
    ["not a url", null],
  ])("links %j as %j", (url, expected) => {
    expect(httpLink(url)).toBe(expected);
  });

  it("names countries and the real-time source", () => {
    expect(sourceName("GB")).toBe("United Kingdom");
    expect(sourceName("realtime")).toBe("Real-time trends");
  });

  it("lists the sources whose last read failed, in order", () => {
    expect(
      failingSources({
        sources: [
          { source: "US", lastSuccessAt: "2026-11-22T10:00:00.000Z", lastError: null },
          { source: "IN", lastSuccessAt: null, lastError: "HTTP 503" },
          { source: "realtime", lastSuccessAt: "2026-11-22T09:00:00.000Z", lastError: "timed out" },
        ],
      }),
    ).toEqual([
      { source: "IN", name: "India", reason: "HTTP 503", lastSuccessAt: null },
      { source: "realtime", name: "Real-time trends", reason: "timed out", lastSuccessAt: "2026-11-22T09:00:00.000Z" },
    ]);
  });
});
