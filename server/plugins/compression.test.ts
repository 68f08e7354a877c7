import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { upsertArticles } from "../modules/articles/repository.ts";
import { withTestApp } from "../test/app.ts";
import { testItem } from "../test/items.ts";

describe("compressed answers", () => {
  it("compresses a page of up to 128 KB in one call, with its length known, not through a stream of its own", async () => {
    await withTestApp({}, async (app, database) => {
      const now = Date.now();
      const items = Array.from({ length: 100 }, (_, i) =>
        testItem(`i${i}`, i / 10, now, { description: `${"Spot bitcoin funds took in more money. ".repeat(24)}${i}` }),
      );
      await upsertArticles(database, "bitcoin", items, now);
      const response = await app.inject({
        method: "GET",
        url: "/api/feeds/bitcoin/items?limit=100",
        headers: { "accept-encoding": "br" },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      const plain = brotliDecompressSync(response.rawPayload);
      // Larger than any default for compressing in one call (64 KB at most), within ours.
      expect(plain.length).toBeGreaterThan(64 * 1024);
      expect(plain.length).toBeLessThan(128 * 1024);
      expect(JSON.parse(plain.toString()).items).toHaveLength(100);
      // A stream's answer goes out chunked; one compressed in one call says its length.
      expect(response.headers["content-length"]).toBe(String(response.rawPayload.length));
    });
  });
});
