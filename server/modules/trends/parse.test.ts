import { describe, expect, it } from "vitest";
import { rss } from "../../test/trends-sources.ts";
import { parseRealtimeTrends } from "./parse-realtime.ts";
import { parseTrendsRss } from "./parse-rss.ts";
import { MAX_NEWS_ITEMS, MAX_TRENDS_PER_READ, TrendsFormatError } from "./trend-fields.ts";

const fetchedAt = new Date("2026-11-22T12:00:00.000Z");
const options = { country: "GB" as const, fetchedAt };
const hourAgo = new Date(fetchedAt.getTime() - 3_600_000).toUTCString();

describe("the daily trends RSS", () => {
  it("reads title, traffic, date, picture and news items of each trend", () => {
    const read = parseTrendsRss(
      rss([
        {
          title: "bitcoin price",
          traffic: "200K+",
          pubDate: hourAgo,
          picture: "https://t0.gstatic.com/images?q=tbn:abc",
          pictureSource: "Chainpost",
          news: [
            { title: "Bitcoin climbs", url: "https://chainpost.example/a", source: "Chainpost" },
            { title: "BTC at a high", url: "http://blockline.example/b", source: "Blockline" },
          ],
        },
        { title: "digital pound", traffic: "1,000+", pubDate: hourAgo },
      ]),
      options,
    );
    expect(read.skipped).toEqual([]);
    expect(read.trends).toEqual([
      {
        title: "bitcoin price",
        traffic: "200K+",
        trafficNumber: 200_000,
        picture: "https://t0.gstatic.com/images?q=tbn:abc",
        pictureSource: "Chainpost",
        newsItems: [
          { title: "Bitcoin climbs", url: "https://chainpost.example/a", source: "Chainpost" },
          { title: "BTC at a high", url: "http://blockline.example/b", source: "Blockline" },
        ],
        pubDate: fetchedAt.getTime() - 3_600_000,
        country: "GB",
      },
      {
        title: "digital pound",
        traffic: "1,000+",
        trafficNumber: 1_000,
        picture: null,
        pictureSource: null,
        newsItems: [],
        pubDate: fetchedAt.getTime() - 3_600_000,
        country: "GB",
      },
    ]);
  });

  it("skips items without a title or a readable date, saying why, and keeps the rest", () => {
    const read = parseTrendsRss(
      rss([
        { traffic: "2M+", pubDate: hourAgo },
        { title: "   ", pubDate: hourAgo },
        { title: "no date", traffic: "5K+" },
        { title: "bad date", pubDate: "yesterday-ish" },
        { title: "kept", traffic: "10K+", pubDate: hourAgo },
      ]),
      options,
    );
    expect(read.trends.map((trend) => trend.title)).toEqual(["kept"]);
    expect(read.skipped).toEqual([
      "item 1: no title",
      "item 2: no title",
      'item 3: "no date": no date',
      'item 4: "bad date": unreadable date',
    ]);
  });

  it("reads entities and markup as text, on one line, and never keeps markup", () => {
    const [trend] = parseTrendsRss(
      `<rss><channel><item><title><![CDATA[AT&amp;T <b>outage</b>
      today]]></title><pubDate>${hourAgo}</pubDate>
      <ht:news_item><ht:news_item_title>It&amp;#39;s &lt;img src=x onerror=alert(1)&gt; &amp;quot;big&amp;quot;</ht:news_item_title><ht:news_item_url>https://news.example/x</ht:news_item_url><ht:news_item_source>News &amp;amp; Co</ht:news_item_source></ht:news_item>
      </item></channel></rss>`,
      options,
    ).trends;
    expect(trend?.title).toBe("AT&T outage today");
    expect(trend?.newsItems).toEqual([{ title: `It's "big"`, url: "https://news.example/x", source: "News & Co" }]);
  });

  it("keeps only http(s) news links, and pictures only over https", () => {
    const read = parseTrendsRss(
      rss([
        {
          title: "links",
          pubDate: hourAgo,
          picture: "http://pictures.example/plain.jpg",
          pictureSource: "Plain",
          news: [
            { title: "script", url: "javascript:alert(1)", source: "x" },
            { title: "data", url: "data:text/html,<script>alert(1)</script>", source: "x" },
            { title: "relative", url: "/local/path", source: "x" },
            { title: "ftp", url: "ftp://files.example/a", source: "x" },
            { title: "fine", url: " https://news.example/ok ", source: "" },
          ],
        },
        { title: "protocol-relative", pubDate: hourAgo, picture: "//t1.gstatic.com/p.jpg" },
        { title: "script picture", pubDate: hourAgo, picture: "javascript:alert(1)" },
      ]),
      options,
    );
    const [links, relative, script] = read.trends;
    expect(links?.newsItems).toEqual([{ title: "fine", url: "https://news.example/ok", source: "news.example" }]);
    expect(links?.picture).toBeNull();
    expect(links?.pictureSource).toBeNull();
    expect(relative?.picture).toBe("https://t1.gstatic.com/p.jpg");
    expect(script?.picture).toBeNull();
  });

  it("keeps this server's own sample pictures as paths on it, and no other plain-http picture", () => {
    const own = "http://127.0.0.1:4000";
    const read = parseTrendsRss(
      rss([
        { title: "own", pubDate: hourAgo, picture: `${own}/samples/images/BTC.svg` },
        { title: "other port", pubDate: hourAgo, picture: "http://127.0.0.1:4001/samples/images/BTC.svg" },
      ]),
      { ...options, ownOrigin: own },
    );
    expect(read.trends.map((trend) => trend.picture)).toEqual(["/samples/images/BTC.svg", null]);
  });

  it("bounds what it keeps: long texts clipped, traffic beyond counting read as 0, dates not in the future", () => {
    const future = new Date(fetchedAt.getTime() + 86_400_000).toUTCString();
    const items = [
      {
        title: "t".repeat(5_000),
        traffic: "9".repeat(30),
        pubDate: future,
        news: Array.from({ length: 50 }, (_, i) => ({ title: `n${i}`, url: `https://n.example/${i}`, source: "s" })),
      },
      ...Array.from({ length: MAX_TRENDS_PER_READ + 50 }, (_, i) => ({ title: `trend ${i}`, pubDate: hourAgo })),
    ];
    const read = parseTrendsRss(rss(items), options);
    const [huge] = read.trends;
    expect(huge?.title.length).toBeLessThanOrEqual(200);
    expect(huge?.trafficNumber).toBe(0);
    expect(huge?.traffic.length).toBeLessThanOrEqual(40);
    expect(huge?.pubDate).toBe(fetchedAt.getTime());
    expect(huge?.newsItems).toHaveLength(MAX_NEWS_ITEMS);
    expect(read.trends).toHaveLength(MAX_TRENDS_PER_READ);
  });

  it("never processes a DTD: entities it defines stay unexpanded", () => {
    const read = parseTrendsRss(
      `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY boom "BOOM"><!ENTITY file SYSTEM "file:///etc/passwd">]>
      <rss><channel><item><title>a &boom; &file;</title><pubDate>${hourAgo}</pubDate></item></channel></rss>`,
      options,
    );
    expect(read.trends[0]?.title).not.toContain("BOOM");
    expect(read.trends[0]?.title).not.toContain("root:");
  });

  it.each([
    ["an HTML page", "<html><body>Sign in</body></html>"],
    ["JSON", '{"rss": 1}'],
    ["nothing", ""],
  ])("refuses %s as a whole", (_what, body) => {
    expect(() => parseTrendsRss(body, options)).toThrow(TrendsFormatError);
  });

  it("reads an empty channel as no trends", () => {
    expect(parseTrendsRss(rss([]), options)).toEqual({ trends: [], skipped: [] });
  });
});

const story = (over: Record<string, unknown> = {}) => ({
  title: "Bitcoin, ETF",
  entityNames: [{ entityTraffic: "100K+", title: "Bitcoin" }],
  image: { imgUrl: "//t0.gstatic.com/images?q=1", source: "Chainpost" },
  articles: [
    { articleTitle: "ETF inflows &#39;record&#39;", url: "https://chainpost.example/etf", source: "Chainpost" },
    { articleTitle: "bad", url: "javascript:alert(1)", source: "x" },
  ],
  ...over,
});
const answer = (stories: unknown[]) => JSON.stringify({ storySummaries: { trendingStories: stories } });

describe("the real-time trends JSON", () => {
  const us = { country: "US" as const, fetchedAt };

  it.each([
    ["with Google's anti-JSON prefix", `)]}'\n${answer([story()])}`],
    ["with the prefix and a comma", `)]}',\n${answer([story()])}`],
    ["without it", answer([story()])],
  ])("reads the trending stories %s; they trend now, in the US", (_how, body) => {
    expect(parseRealtimeTrends(body, us)).toEqual({
      trends: [
        {
          title: "Bitcoin, ETF",
          traffic: "100K+",
          trafficNumber: 100_000,
          picture: "https://t0.gstatic.com/images?q=1",
          pictureSource: "Chainpost",
          newsItems: [{ title: "ETF inflows 'record'", url: "https://chainpost.example/etf", source: "Chainpost" }],
          pubDate: fetchedAt.getTime(),
          country: "US",
        },
      ],
      skipped: [],
    });
  });

  it("reads stories with fields missing or of the wrong kind, and skips those without a title", () => {
    const read = parseRealtimeTrends(
      answer([
        story({ entityNames: ["Bitcoin", "ETF"], image: null, articles: "none" }),
        story({ entityNames: [], image: { imgUrl: 42 }, articles: [null, 7, { url: "https://x.example/" }] }),
        story({ title: 12 }),
        story({ title: "" }),
        null,
        "text",
      ]),
      us,
    );
    expect(read.trends).toHaveLength(3);
    expect(read.trends[0]).toMatchObject({ traffic: "", trafficNumber: 0, picture: null, newsItems: [] });
    expect(read.trends[1]).toMatchObject({
      picture: null,
      newsItems: [{ title: "x.example", url: "https://x.example/", source: "x.example" }],
    });
    // A number is a title, as text.
    expect(read.trends[2]?.title).toBe("12");
    expect(read.skipped).toEqual(["item 4: no title", "item 5: no title", "item 6: no title"]);
  });

  it.each([
    ["not JSON", ")]}'\n<html>"],
    ["JSON without the stories", JSON.stringify({ default: { trendingSearchesDays: [] } })],
    ["stories that are not a list", JSON.stringify({ storySummaries: { trendingStories: {} } })],
  ])("refuses %s as a whole", (_what, body) => {
    expect(() => parseRealtimeTrends(body, us)).toThrow(TrendsFormatError);
  });
});
