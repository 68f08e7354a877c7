import { describe, expect, it } from "vitest";
import { bigFeed } from "../../../test/big-feed.ts";
import { FeedParseError, newestItems, parseFeed } from "./parse-feed.ts";
import { MAX_INLINE_BODY, parseNewestItems } from "./parse-off-thread.ts";

const fetchedAt = Date.UTC(2026, 10, 22, 12);
const big = bigFeed(4_000, fetchedAt - 60_000);
/** The fetched bytes of the big feed; each job gets its own, as the worker takes them over. */
const bigBody = () => Buffer.from(big);
const UTF8 = "application/rss+xml; charset=utf-8";

describe("newestItems", () => {
  it("keeps the newest, in the feed's order among equals", () => {
    const items = parseFeed(bigFeed(10, fetchedAt), { fetchedAt: new Date(fetchedAt) });
    const shuffled = [items[5], items[0], items[9], items[2]].filter((item) => item !== undefined);
    expect(newestItems(shuffled, 2).map((item) => item.link)).toEqual([
      "https://big.example/n/0",
      "https://big.example/n/2",
    ]);
    expect(newestItems(shuffled, 10)).toBe(shuffled);
  });
});

describe("parseNewestItems", () => {
  it("parses a big body in a worker thread to what the main thread would give", { timeout: 30_000 }, async () => {
    expect(big.length).toBeGreaterThan(MAX_INLINE_BODY);
    const body = bigBody();
    const items = await parseNewestItems({
      body,
      contentType: UTF8,
      fetchedAt,
      baseUrl: "https://big.example/rss",
      keep: 300,
    });
    expect(body.byteLength).toBe(0); // handed over to the worker, not copied
    const inline = newestItems(
      parseFeed(big, { fetchedAt: new Date(fetchedAt), baseUrl: "https://big.example/rss" }),
      300,
    );
    expect(items).toEqual(inline);
    expect(items).toHaveLength(300);
    expect(items[0]?.pubDate).toBeInstanceOf(Date);
  });

  it("reports a big body that is no feed as a parse error", { timeout: 30_000 }, async () => {
    const body = `<html><body>${"<p>Just a moment…</p>".repeat(20_000)}</body></html>`;
    expect(body.length).toBeGreaterThan(MAX_INLINE_BODY);
    const failure = parseNewestItems({ body: Buffer.from(body), contentType: null, fetchedAt, keep: 10 });
    await expect(failure).rejects.toBeInstanceOf(FeedParseError);
    await expect(failure).rejects.toMatchObject({ message: "Failed to parse feed content" });
  });

  it("stops the worker when the refresh is stopped", { timeout: 30_000 }, async () => {
    await expect(
      parseNewestItems({ body: bigBody(), contentType: UTF8, fetchedAt, keep: 10 }, AbortSignal.abort()),
    ).rejects.toMatchObject({
      name: "AbortError",
    });
    const controller = new AbortController();
    const parsing = parseNewestItems({ body: bigBody(), contentType: UTF8, fetchedAt, keep: 10 }, controller.signal);
    controller.abort();
    await expect(parsing).rejects.toMatchObject({ name: "AbortError" });
  });
});
