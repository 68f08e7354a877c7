import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDirs } from "../../test/temp-dirs.ts";
import { feedCatalog } from "../articles/catalog.ts";
import { loadSources } from "./sources.ts";

const temp = tempDirs();
afterAll(() => temp.removeAll());

function sourcesFile(content: unknown): string {
  const file = path.join(temp.make("sources"), "sources.json");
  fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

describe("the feed catalog", () => {
  it("has the 11 built-in feeds with their titles, in order", () => {
    expect(feedCatalog.map((feed) => [feed.key, feed.title])).toEqual([
      ["bitcoin", "Bitcoin News"],
      ["gemwire", "Gemwire"],
      ["news", "Latest News"],
      ["market", "Market Analysis"],
      ["search", "Targeted Search"],
      ["xfeed", "X Feed"],
      ["nftart", "NFT/Art"],
      ["instagram", "Instagram"],
      ["tiktok", "TikTok"],
      ["youtube", "YouTube"],
      ["animalmemes", "Animal Memes"],
    ]);
    for (const feed of feedCatalog) {
      expect(feed.tags.length).toBeGreaterThan(0);
      if (feed.key === "gemwire") expect(feed.url).toBeNull();
      else expect(feed.url).toMatch(/^https:\/\//);
    }
  });
});

describe("loadSources", () => {
  it("uses the defaults without a file", () => {
    expect(loadSources(undefined)).toEqual({ feeds: feedCatalog, relays: [] });
  });

  it("replaces only the addresses the file names, and reads relays", () => {
    const sources = loadSources(
      sourcesFile({ feeds: { bitcoin: "https://example.org/btc.xml" }, relays: ["https://relay.example/?url="] }),
    );
    expect(sources.feeds.find((f) => f.key === "bitcoin")?.url).toBe("https://example.org/btc.xml");
    expect(sources.feeds.find((f) => f.key === "news")?.url).toBe(feedCatalog.find((f) => f.key === "news")?.url);
    expect(sources.relays).toEqual(["https://relay.example/?url="]);
  });

  it.each([
    [{ feeds: { dogecoin: "https://x.example/rss" } }, /dogecoin is not a feed key/],
    [{ feeds: { gemwire: "https://x.example/rss" } }, /gemwire is Gemwire's own feed/],
    [{ feeds: { news: "ftp://x.example/rss" } }, /news must be an http\(s\) address/],
    [{ relays: ["javascript:alert(1)"] }, /relays\.0 must be an http\(s\) address/],
    [{ feed: {} }, /Unrecognized key/],
    ["{ not json", /SOURCES_FILE .* is not valid/],
  ])("refuses %o clearly", (content, message) => {
    expect(() => loadSources(sourcesFile(content))).toThrow(message);
  });

  it("names a missing file", () => {
    expect(() => loadSources("/no/such/sources.json")).toThrow(
      /SOURCES_FILE \/no\/such\/sources.json is not valid:[\s\S]*ENOENT/,
    );
  });
});
