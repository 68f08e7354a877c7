import { describe, expect, it } from "vitest";
import { bigFeed } from "../../test/big-feed.ts";
import { FeedParseError, newestItems, parseFeed } from "./parse-feed.ts";
import { MAX_INLINE_BODY, PARSE_DEADLINE_MS, parseNewestItems, parseWorkers } from "./parse-off-thread.ts";

const fetchedAt = Date.UTC(2026, 10, 22, 12);
const big = bigFeed(4_000, fetchedAt - 60_000);
/** The fetched bytes of the big feed; each job gets its own, as the worker takes them over. */
const bigBody = () => Buffer.from(big);
const UTF8 = "application/rss+xml; charset=utf-8";
/** Stand-ins for the parse worker: a parser that hangs, and one that takes 300 ms. */
const hangingWorker = new URL("./test/hanging-parse-worker.ts", import.meta.url);
const slowWorker = new URL("./test/slow-parse-worker.ts", import.meta.url);

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

describe("parseNewestItems' limits on its worker", () => {
  const job = () => ({ body: bigBody(), contentType: UTF8, fetchedAt, keep: 10 });

  it("stops a worker that takes longer than the deadline and reports a parse failure", {
    timeout: 30_000,
  }, async () => {
    expect(PARSE_DEADLINE_MS).toBe(30_000);
    const started = performance.now();
    const failure = parseNewestItems(job(), undefined, { deadlineMs: 300, entry: hangingWorker });
    await expect(failure).rejects.toBeInstanceOf(FeedParseError);
    await expect(failure).rejects.toMatchObject({
      message: "Failed to parse feed content",
      reason: "The parser took longer than 0.3 s and was stopped",
    });
    expect(performance.now() - started).toBeLessThan(10_000); // not the forever the worker would spin
    expect(parseWorkers()).toEqual({ running: 0, waiting: 0 });
    expect(await parseNewestItems(job())).toHaveLength(10);
  });

  it("runs one worker at a time; a waiting parse can be stopped", { timeout: 30_000 }, async () => {
    let mostRunning = 0;
    const watch = setInterval(() => {
      mostRunning = Math.max(mostRunning, parseWorkers().running);
    }, 2);
    const finished: string[] = [];
    const controller = new AbortController();
    try {
      const first = parseNewestItems(job(), undefined, { entry: slowWorker }).then(() => finished.push("first"));
      const second = parseNewestItems(job()).then(() => finished.push("second"));
      const stopped = parseNewestItems(job(), controller.signal);
      expect(parseWorkers().waiting).toBe(2);
      controller.abort();
      await expect(stopped).rejects.toMatchObject({ name: "AbortError" });
      expect(parseWorkers().waiting).toBe(1);
      await Promise.all([first, second]);
    } finally {
      clearInterval(watch);
    }
    expect(finished).toEqual(["first", "second"]);
    expect(mostRunning).toBe(1);
    expect(parseWorkers()).toEqual({ running: 0, waiting: 0 });
  });

  it("reports a worker killed for its memory as a parse failure; the next parse works", {
    timeout: 30_000,
  }, async () => {
    // Enough for the worker and the 4,000-item feed, not for one ten times its size.
    const limits = { resourceLimits: { maxOldGenerationSizeMb: 24, maxYoungGenerationSizeMb: 4 } };
    const huge = Buffer.from(bigFeed(40_000, fetchedAt));
    const failure = parseNewestItems({ ...job(), body: huge }, undefined, limits);
    await expect(failure).rejects.toBeInstanceOf(FeedParseError);
    await expect(failure).rejects.toMatchObject({
      message: "Failed to parse feed content",
      reason: "The parser ran out of memory (limit 24 MB)",
    });
    expect(await parseNewestItems(job(), undefined, limits)).toHaveLength(10);
  });
});
