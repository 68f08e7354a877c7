import { describe, expect, it } from "vitest";
import { feedStatus } from "../test/feed-status.ts";
import { feedHealth, sourceHost } from "./feed-health.ts";

const now = new Date(2026, 10, 22, 15, 0).getTime();
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe("feed health wording", () => {
  it("names a source by its host", () => {
    expect(sourceHost("https://www.coindesk.com/arc/outboundfeeds/rss/")).toBe("coindesk.com");
    expect(sourceHost("https://www.youtube.com/feeds/videos.xml?…")).toBe("youtube.com");
    expect(sourceHost(null)).toBeNull();
  });

  it("tells failing, never fetched and working feeds apart", () => {
    expect(feedHealth(feedStatus("bitcoin", "Bitcoin News", { lastError: "HTTP 500 from x" }))).toBe("failing");
    expect(feedHealth(feedStatus("bitcoin", "Bitcoin News"))).toBe("waiting");
    expect(feedHealth(feedStatus("bitcoin", "Bitcoin News", { lastUpdated: at(-5) }))).toBe("ok");
    expect(feedHealth(feedStatus("gemwire", "Gemwire"))).toBe("ok");
  });
});
