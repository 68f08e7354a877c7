import { describe, expect, it } from "vitest";
import { feedStatus } from "../../test/feed-status.ts";
import { feedHealth, nextTryLabel, pastLabel, sourceHost } from "./feed-health.ts";

const now = new Date(2026, 10, 22, 15, 0).getTime();
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe("feed health wording", () => {
  it.each([
    [at(17), "in 17 min (3:17 PM)"],
    [at(0.2), "any moment now"],
    [at(-5), "any moment now"],
    [at(150), "in 2.5 h (5:30 PM)"],
    [at(24 * 60), "in 24 h (Nov 23, 2026 3:00 PM)"],
    [null, "as soon as the server starts fetching"],
  ])("says a next attempt at %s as %j", (time, label) => {
    expect(nextTryLabel(time, now)).toBe(label);
  });

  it("says when something last happened, and 'never'", () => {
    expect(pastLabel(at(-3), now)).toBe("3m ago (2:57 PM)");
    expect(pastLabel(at(-2 * 24 * 60), now)).toBe("2d ago (Nov 20, 2026 3:00 PM)");
    expect(pastLabel(null, now)).toBe("never");
  });

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
