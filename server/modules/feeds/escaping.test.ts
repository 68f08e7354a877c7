import { describe, expect, it } from "vitest";
import { parseFeed } from "../../lib/feed-reader/parse-feed.ts";
import { decodeXmlEntities } from "../../lib/feed-reader/xml.ts";
import { appServingFeed } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { expectInert } from "../../test/inert.ts";

/** What a browser would read as markup: a start or end tag, a comment or declaration, a processing instruction. */
const LIVE_TAG = /<\/?[a-zA-Z][^<>]*>|<![^<>]*>|<\?[^<>]*>/;

const now = Date.now();
const date = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toUTCString();

/** The acceptance test's hostile feed: markup escaped three times, plain text with `<`, guids that are no links. */
const HOSTILE_FEED = `<?xml version="1.0"?><rss version="2.0"><channel><title>Hostile</title>
<item>
  <title>&lt;i&gt;&amp;lt;i&amp;gt;&amp;amp;lt;img src=x onerror=alert(1)&amp;amp;gt;Bitcoin hits a record</title>
  <description>&amp;amp;lt;script&amp;amp;gt;alert(1)&amp;amp;lt;/script&amp;amp;gt;&amp;amp;lt;p&amp;amp;gt;Markets rally&amp;amp;lt;/p&amp;amp;gt;</description>
  <link>https://news.example/record</link><pubDate>${date(1)}</pubDate>
</item>
<item>
  <title>Fees 5 &lt; 6 sat and a&lt;b</title>
  <description>Why fees stay low: a&amp;lt;b, and 1 &amp;lt; 2</description>
  <link>https://news.example/fees</link><pubDate>${date(2)}</pubDate>
</item>
<item>
  <title>Guid only</title><guid isPermaLink="false">guid-xss2</guid><pubDate>${date(3)}</pubDate>
</item>
<item>
  <title>&amp;lt;&amp;#1;img src=x onerror=alert(1)&amp;gt;Hidden control</title>
  <description>Left open &amp;lt;img src=x onerror=alert(1) &amp;lt;b</description>
  <link>https://news.example/control</link><pubDate>${date(4)}</pubDate>
</item>
<item>
  <title>Raw \u0001&lt;\u0001img src=x onerror=alert(1)&gt;control and \u0085&lt;\u0085svg onload=alert(1)&gt;C1</title>
  <description>Sums &amp;lt;img src=x onerror=alert(1)// 5 &amp;lt; 6</description>
  <link>https://news.example/raw</link><pubDate>${date(5)}</pubDate>
</item>
<item>
  <title>Nonchar &lt;\ufffeimg src=x onerror=alert(1)&gt;title</title>
  <description>&amp;lt;&amp;#x85;img src=x onerror=alert(1)&amp;gt; and &amp;lt;&amp;#x200b;img src=x&amp;gt;</description>
  <dc:creator>&amp;lt;img src=x onerror=alert(1) &amp;lt;b</dc:creator>
  <link>https://news.example/nonchar</link><pubDate>${date(6)}</pubDate>
</item>
</channel></rss>`;

describe.each(testDatabaseTargets())("markup never comes out live, on $dialect", (target) => {
  const { get } = appServingFeed(
    target,
    "bitcoin",
    () => parseFeed(HOSTILE_FEED, { fetchedAt: new Date(now), baseUrl: "https://feed.example/rss" }),
    now,
  );

  it("stores and serves titles and descriptions as text, however deep the escaping", async () => {
    const { items } = (await get("/api/feeds/bitcoin/items")).json();
    expect(items.map((i: { title: string; description: string }) => [i.title, i.description])).toEqual([
      ["Bitcoin hits a record", "Markets rally"],
      ["Fees 5 < 6 sat and a<b", "Why fees stay low: a<b, and 1 < 2"],
      ["Guid only", ""],
      ["Hidden control", "Left open"],
      // A tag whose handler is dropped no longer hides what follows it.
      ["Raw control and C1", "Sums"],
      ["Nonchar title", "<…img src=x onerror=alert(1)> and < img src=x>"],
    ]);
  });

  it("serves no field that opens markup, whatever character hides in a tag", async () => {
    const { items } = (await get("/api/feeds/bitcoin/items")).json();
    expect(items).toHaveLength(6);
    for (const item of items) {
      for (const field of [item.title, item.description, item.source, item.creator]) expectInert(field);
    }
    expect(items[5].creator).toBe("Unknown");
  });

  it("never makes a link up from a guid, nor names the feed's host as the outlet", async () => {
    const { items } = (await get("/api/feeds/bitcoin/items")).json();
    expect(items[2]).toMatchObject({ id: "guid-xss2", link: "", source: "Unknown Source" });
  });

  it("search serves the same text", async () => {
    const { results } = (await get("/api/search?q=record")).json();
    expect(results.map((r: { title: string; description: string }) => [r.title, r.description])).toEqual([
      ["Bitcoin hits a record", "Markets rally"],
    ]);
  });

  it("RSS escapes descriptions as HTML, so a reader decoding them once meets no tag", async () => {
    const body = (await get("/feeds/gemwire.xml")).body;
    const descriptions = [...body.matchAll(/<item>[\s\S]*?<description>([^<]*)<\/description>/g)].map((m) =>
      decodeXmlEntities(m[1] as string),
    );
    expect(descriptions).toEqual(expect.arrayContaining(["Markets rally", "Why fees stay low: a&lt;b, and 1 &lt; 2"]));
    for (const html of descriptions) expect(html).not.toMatch(LIVE_TAG);
    const titles = [...body.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((m) =>
      decodeXmlEntities(m[1] as string),
    );
    // Titles are escaped as HTML too, as many readers treat them as HTML.
    expect(titles).toEqual(
      expect.arrayContaining(["Bitcoin hits a record", "Fees 5 &lt; 6 sat and a&lt;b", "Nonchar title"]),
    );
    for (const html of titles) expect(html).not.toMatch(/<[a-zA-Z/!?]/);
    expect(parseFeed(body, { fetchedAt: new Date() }).map((i) => i.description)).toEqual(
      expect.arrayContaining(["Markets rally", "Why fees stay low: a<b, and 1 < 2"]),
    );
  });

  it("JSON Feed sends plain text only", async () => {
    const feed = (await get("/feeds/gemwire.json")).json();
    for (const item of feed.items) {
      expect(item).not.toHaveProperty("content_html");
      expect(`${item.title} ${item.content_text}`).not.toMatch(LIVE_TAG);
      for (const text of [item.title, item.content_text, ...item.tags, item.authors[0].name]) expectInert(text);
    }
    expect(feed.items.map((i: { title: string }) => i.title)).toEqual(
      expect.arrayContaining(["Bitcoin hits a record", "Fees 5 < 6 sat and a<b"]),
    );
  });
});
