import { describe, expect, it } from "vitest";
import { failingSources, sourceName } from "./trend-display.ts";

describe("trend display rules", () => {
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
