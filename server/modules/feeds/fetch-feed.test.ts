import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { decodeText } from "../../outbound/charset.ts";
import { createGuardedFetch, type GuardedFetch } from "../../outbound/guarded-fetch.ts";
import { FeedFetchError, fetchFeed } from "./fetch-feed.ts";

type Hit = { path: string; headers: http.IncomingHttpHeaders };

let hits: Hit[] = [];
/** Per path: how the test server answers the nth request (last answer repeats). */
let script: Record<string, Array<(res: http.ServerResponse) => void>> = {};
let server: http.Server;
let base: string;

const ok =
  (body: string, headers: Record<string, string> = {}) =>
  (res: http.ServerResponse) => {
    res.writeHead(200, { "content-type": "application/rss+xml", ...headers });
    res.end(body);
  };
const status = (code: number) => (res: http.ServerResponse) => {
  res.writeHead(code);
  res.end();
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    hits.push({ path, headers: req.headers });
    const key = path.split("?")[0] as string;
    const answers = script[key] ?? [status(404)];
    const count = hits.filter((h) => h.path.split("?")[0] === key).length;
    (answers[Math.min(count - 1, answers.length - 1)] as (res: http.ServerResponse) => void)(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  hits = [];
  script = {};
});

const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 2_000 });
afterAll(() => fetcher.close());

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

const none = { etag: null, lastModified: null };

describe("fetchFeed", () => {
  it("returns the body, its content type and the validators to store", async () => {
    script["/feed"] = [
      ok("<rss>Caf\xe9</rss>", {
        "content-type": "text/xml; charset=utf-8",
        etag: '"v1"',
        "last-modified": "Sun, 22 Nov 2026 10:00:00 GMT",
      }),
    ];
    const result = await fetchFeed(fetcher, `${base}/feed`, none);
    expect(result).toEqual({
      kind: "fetched",
      body: expect.any(Uint8Array),
      contentType: "text/xml; charset=utf-8",
      url: `${base}/feed`,
      validators: { etag: '"v1"', lastModified: "Sun, 22 Nov 2026 10:00:00 GMT" },
    });
    if (result.kind === "fetched") expect(decodeText(result.body, result.contentType)).toBe("<rss>Café</rss>");
  });

  it("sends the stored validators back, and a 304 means nothing changed", async () => {
    script["/feed"] = [status(304)];
    const result = await fetchFeed(fetcher, `${base}/feed`, {
      etag: '"v1"',
      lastModified: "Sun, 22 Nov 2026 10:00:00 GMT",
    });
    expect(result).toEqual({ kind: "not-modified" });
    expect(hits[0]?.headers["if-none-match"]).toBe('"v1"');
    expect(hits[0]?.headers["if-modified-since"]).toBe("Sun, 22 Nov 2026 10:00:00 GMT");
  });

  it("tries 3 times, waiting 2000 ms then 3000 ms", async () => {
    script["/feed"] = [status(503), status(502), ok("<rss/>")];
    const { waits, sleep } = recordingSleep();
    const result = await fetchFeed(fetcher, `${base}/feed`, none, { sleep });
    expect(result.kind).toBe("fetched");
    expect(hits).toHaveLength(3);
    expect(waits).toEqual([2000, 3000]);
  });

  it("after 3 failed attempts tries the relays in order with the address URL-encoded", async () => {
    script["/feed"] = [status(500)];
    script["/relay-a"] = [status(502)];
    script["/relay-b"] = [ok("<rss>via relay</rss>")];
    const { waits, sleep } = recordingSleep();
    const feedUrl = `${base}/feed?x=1&y=2`;
    const result = await fetchFeed(fetcher, feedUrl, none, {
      sleep,
      relays: [`${base}/relay-a?url=`, `${base}/relay-b?u=`],
    });
    expect(result).toMatchObject({ kind: "fetched", url: feedUrl });
    if (result.kind === "fetched") expect(decodeText(result.body, result.contentType)).toBe("<rss>via relay</rss>");
    expect(hits.map((h) => h.path)).toEqual([
      "/feed?x=1&y=2",
      "/feed?x=1&y=2",
      "/feed?x=1&y=2",
      `/relay-a?url=${encodeURIComponent(feedUrl)}`,
      `/relay-b?u=${encodeURIComponent(feedUrl)}`,
    ]);
    expect(waits).toEqual([2000, 3000]);
  });

  it("does not retry a 404, but still tries the relays", async () => {
    script["/relay"] = [status(404)];
    const { waits, sleep } = recordingSleep();
    const error = await fetchFeed(fetcher, `${base}/missing`, none, { sleep, relays: [`${base}/relay?url=`] }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(FeedFetchError);
    // Exactly 'All proxies failed'; what went wrong last is the detail.
    expect(error.message).toBe("All proxies failed");
    expect(error.detail).toMatch(/^HTTP 404 from relay 127\.0\.0\.1:\d+$/);
    expect(hits).toHaveLength(2);
    expect(waits).toEqual([]);
  });

  it("fails with the last error when every route fails", async () => {
    script["/feed"] = [status(503)];
    const { sleep } = recordingSleep();
    await expect(fetchFeed(fetcher, `${base}/feed`, none, { sleep })).rejects.toThrow(
      /^HTTP 503 from 127\.0\.0\.1:\d+$/,
    );
  });

  it("reports a network error when there are no relays", async () => {
    const { sleep } = recordingSleep();
    await expect(fetchFeed(fetcher, "http://127.0.0.1:1/feed", none, { sleep })).rejects.toThrow(/ECONNREFUSED/);
  });

  it("never hands a refused address to a relay", async () => {
    const strict = createGuardedFetch({ timeoutMs: 2_000 });
    const { sleep } = recordingSleep();
    await expect(
      fetchFeed(strict, "http://10.0.0.5/feed", none, { sleep, relays: [`${base}/relay?url=`] }),
    ).rejects.toThrow(/private or reserved/);
    expect(hits).toEqual([]);
    await strict.close();
  });
});

describe("fetchFeed retry timing (fake timers, the real wait)", () => {
  it("waits 2000 ms before the second attempt and 3000 ms more before the third", async () => {
    vi.useFakeTimers();
    try {
      let attempts = 0;
      const failing = Object.assign(
        async () => {
          attempts++;
          return { status: 503, url: "https://feeds.example/rss", headers: {}, body: Buffer.alloc(0) };
        },
        { close: async () => {} },
      ) as unknown as GuardedFetch;
      const done = fetchFeed(failing, "https://feeds.example/rss", none).catch((error: Error) => error.message);
      await vi.advanceTimersByTimeAsync(0);
      expect(attempts).toBe(1);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(attempts).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts).toBe(2);
      await vi.advanceTimersByTimeAsync(2_999);
      expect(attempts).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts).toBe(3);
      expect(await done).toBe("HTTP 503 from feeds.example");
    } finally {
      vi.useRealTimers();
    }
  });
});
