import { describe, expect, it } from "vitest";
import { FeedParseError, parseFeed } from "./parse-feed.ts";

const fetchedAt = new Date("2026-11-22T12:00:00.000Z");
const parse = (body: string) => parseFeed(body, { fetchedAt });
const only = (body: string) => {
  const items = parse(body);
  expect(items).toHaveLength(1);
  return items[0] as (typeof items)[number];
};

const rss = (items: string, extra = "") =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"${extra}><channel><title>T</title>${items}</channel></rss>`;

function parseError(body: string): FeedParseError {
  try {
    parse(body);
  } catch (error) {
    if (error instanceof FeedParseError) return error;
    throw error;
  }
  throw new Error("expected a parse error");
}

describe("parseFeed: formats", () => {
  it("reads RSS 2.0", () => {
    const items = parse(
      rss(`
      <item><title>Bitcoin tops $100k</title><link>https://news.example/btc</link><guid>btc-1</guid>
        <pubDate>Sun, 22 Nov 2026 10:00:00 GMT</pubDate><description>&lt;p&gt;Big &amp;amp; bold&lt;/p&gt;</description>
        <dc:creator>Ada</dc:creator></item>
      <item><title>ETH upgrade</title><link>https://news.example/eth</link></item>`),
    );
    expect(items).toEqual([
      {
        id: "btc-1",
        title: "Bitcoin tops $100k",
        link: "https://news.example/btc",
        pubDate: new Date("2026-11-22T10:00:00.000Z"),
        dated: true,
        description: "Big & bold",
        image: null,
        source: "news.example",
        creator: "Ada",
      },
      expect.objectContaining({ id: "https://news.example/eth", title: "ETH upgrade" }),
    ]);
  });

  it("wraps a one-item RSS list into a list", () => {
    expect(only(rss("<item><title>One</title><link>https://a.example/1</link></item>")).title).toBe("One");
  });

  it("reads RSS 1.0 (RDF)", () => {
    const item = only(`<?xml version="1.0"?>
      <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
        <channel rdf:about="https://a.example/"><title>A</title></channel>
        <item rdf:about="https://a.example/sol"><title>Solana news</title><link>https://a.example/sol</link>
          <dc:date>2026-11-21T08:30:00Z</dc:date><dc:creator>Bo</dc:creator><description>Fast chain</description></item>
      </rdf:RDF>`);
    expect(item).toMatchObject({
      title: "Solana news",
      link: "https://a.example/sol",
      pubDate: new Date("2026-11-21T08:30:00Z"),
      creator: "Bo",
      description: "Fast chain",
    });
  });

  it("reads Atom 1.0 as YouTube serves it", () => {
    const item = only(`<?xml version="1.0" encoding="UTF-8"?>
      <feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
        <title>Channel</title>
        <entry><id>yt:video:abc123</id><title>Crypto weekly</title>
          <link rel="alternate" href="https://www.youtube.com/watch?v=abc123"/>
          <author><name>Coin Bureau</name></author><published>2026-11-20T15:00:00+00:00</published>
          <media:group><media:title>Crypto weekly</media:title>
            <media:thumbnail url="https://i.ytimg.com/vi/abc123/hqdefault.jpg" width="480" height="360"/>
            <media:description>This week in crypto</media:description></media:group></entry>
      </feed>`);
    expect(item).toEqual({
      id: "yt:video:abc123",
      title: "Crypto weekly",
      link: "https://www.youtube.com/watch?v=abc123",
      pubDate: new Date("2026-11-20T15:00:00Z"),
      dated: true,
      description: "This week in crypto",
      image: "https://i.ytimg.com/vi/abc123/hqdefault.jpg",
      source: "youtube.com",
      creator: "Coin Bureau",
    });
  });

  it("reads Atom as Reddit serves it (HTML content, several links)", () => {
    const item = only(`<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
      <entry><author><name>/u/satoshi</name></author><content type="html">&lt;table&gt;&lt;tr&gt;&lt;td&gt;&lt;img src="https://i.redd.it/x.png" alt="x"/&gt; gm frens&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</content>
        <id>t3_1</id><link href="https://www.reddit.com/r/CryptoCurrency/comments/1/gm/"/><link rel="self" href="https://x"/>
        <updated>2026-11-22T09:00:00+00:00</updated><title>gm</title></entry></feed>`);
    expect(item).toMatchObject({
      id: "t3_1",
      link: "https://www.reddit.com/r/CryptoCurrency/comments/1/gm/",
      description: "gm frens",
      image: "https://i.redd.it/x.png",
      creator: "/u/satoshi",
      pubDate: new Date("2026-11-22T09:00:00Z"),
    });
  });

  it("reads Atom text constructs written as XHTML", () => {
    const item = only(`<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>x1</id>
      <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Ether <b>breaks</b> out</div></title>
      <link href="https://a.example/x1"/>
      <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>First.</p><p>Second.</p></div></content></entry></feed>`);
    expect(item.title).toContain("Ether");
    expect(item.title).toContain("breaks");
    expect(item.description).toBe("First. Second.");
  });

  it("reads a JSON feed with status 'ok' and items", () => {
    const item = only(
      JSON.stringify({
        status: "ok",
        feed: { title: "x" },
        items: [
          {
            title: "XRP rallies",
            pubDate: "2026-11-22 08:00:00",
            link: "https://j.example/xrp",
            guid: "xrp-1",
            author: "Cy",
            thumbnail: "https://j.example/xrp.jpg",
            description: "<b>Up</b> 10%",
            enclosure: {},
          },
        ],
      }),
    );
    expect(item).toMatchObject({
      id: "xrp-1",
      title: "XRP rallies",
      creator: "Cy",
      image: "https://j.example/xrp.jpg",
      description: "Up 10%",
    });
  });

  it("reads a bare JSON array", () => {
    expect(
      parse(
        JSON.stringify([
          { title: "A", link: "https://a.example/a" },
          { title: "B", url: "https://a.example/b" },
        ]),
      ).map((i) => i.link),
    ).toEqual(["https://a.example/a", "https://a.example/b"]);
  });

  it("reads a single JSON object with title and link", () => {
    expect(only(JSON.stringify({ title: "Solo", link: "https://a.example/solo" })).title).toBe("Solo");
  });

  it("reads JSON Feed 1.1", () => {
    const item = only(
      JSON.stringify({
        version: "https://jsonfeed.org/version/1.1",
        title: "Gemwire",
        items: [
          {
            id: "g-1",
            url: "https://gemwire.example/s/1",
            title: "Story",
            content_html: "<p>Body</p>",
            image: "https://gemwire.example/1.png",
            date_published: "2026-11-22T11:00:00Z",
            authors: [{ name: "Gemwire" }],
          },
        ],
      }),
    );
    expect(item).toMatchObject({
      id: "g-1",
      description: "Body",
      image: "https://gemwire.example/1.png",
      creator: "Gemwire",
    });
  });

  it.each([
    ["JSON that is not a feed", '{"hello": "world"}', "Invalid JSON feed structure"],
    ["JSON with status other than ok", '{"status":"error","items":[]}', "Invalid JSON feed structure"],
    ["broken JSON", '{"items": [', "Invalid JSON feed structure"],
    [
      "HTML instead of a feed",
      "<!doctype html><html><body><h1>Cloudflare</h1></body></html>",
      "Invalid XML feed structure",
    ],
    ["an empty body", "   ", "Invalid XML feed structure"],
    ["plain text", "Service Unavailable", "Invalid XML feed structure"],
    ["XML that is not a feed", "<config><a>1</a></config>", "Invalid XML feed structure"],
  ])("refuses %s with 'Failed to parse feed content'", (_, body, reason) => {
    const error = parseError(body);
    expect(error.message).toBe("Failed to parse feed content");
    expect(error.reason).toBe(reason);
  });
});

describe("parseFeed: normalising rules (spec §3)", () => {
  const item = (inner: string) => only(rss(`<item>${inner}</item>`));

  it.each([
    ["guid first", "<guid>g</guid><link>https://a.example/l</link><title>T</title>", "g"],
    ["else the link", "<link>https://a.example/l</link><title>T</title>", "https://a.example/l"],
    [
      "else title plus publication time",
      "<title>T</title><pubDate>Sun, 22 Nov 2026 10:00:00 GMT</pubDate>",
      "T|2026-11-22T10:00:00.000Z",
    ],
  ])("id: %s", (_, inner, id) => {
    expect(item(inner).id).toBe(id);
  });

  it("id of an item with no guid, link or date stays the same across fetches", () => {
    const body = rss("<item><title>Same</title><description>Body</description></item>");
    const first = parseFeed(body, { fetchedAt });
    const later = parseFeed(body, { fetchedAt: new Date(fetchedAt.getTime() + 3_600_000) });
    expect(first[0]?.id).toBe(later[0]?.id);
    expect(first[0]?.id).toMatch(/^Same\|[0-9a-f]{16}$/);
  });

  it("stores a very long guid as its hash and drops over-long addresses", () => {
    const long = "g".repeat(5_000);
    const item = only(
      rss(`<item><guid>${long}</guid><title>T</title><link>https://a.example/${"p".repeat(3_000)}</link></item>`),
    );
    expect(item.id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(item.link).toBe("");
  });

  it("removes control characters from text", () => {
    const item = only(
      rss("<item><title>A&#1;B\u0007C</title><link>https://a.example/c</link><dc:creator>D\u0000E</dc:creator></item>"),
    );
    expect(item.title).toBe("ABC");
    expect(item.creator).toBe("DE");
  });

  it("keeps the feed's order for items it does not date", () => {
    const items = parse(
      rss("<item><title>First</title></item><item><title>Second</title></item><item><title>Third</title></item>"),
    );
    const times = items.map((i) => i.pubDate.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]).toBe(fetchedAt.getTime());
  });

  it("title defaults to 'Untitled' and HTML titles become text", () => {
    expect(item("<link>https://a.example/x</link>").title).toBe("Untitled");
    expect(
      item("<title>&lt;b&gt;BTC&lt;/b&gt; &amp;amp; ETH&#8217;s week</title><link>https://a.example/y</link>").title,
    ).toBe("BTC & ETH\u2019s week");
    expect(
      item("<title><![CDATA[Gold <i>vs</i> Bitcoin &amp; more]]></title><link>https://a.example/z</link>").title,
    ).toBe("Gold vs Bitcoin & more");
  });

  it.each([
    ["RFC 822", "Sat, 21 Nov 2026 23:15:00 +0100", "2026-11-21T22:15:00.000Z"],
    ["ISO 8601", "2026-11-21T22:15:00Z", "2026-11-21T22:15:00.000Z"],
    ["a US zone name", "Sat, 21 Nov 2026 17:15:00 EST", "2026-11-21T22:15:00.000Z"],
    ["garbage: the fetch time", "yesterday-ish", fetchedAt.toISOString()],
    ["far future: the fetch time", "Mon, 01 Jan 2099 00:00:00 GMT", fetchedAt.toISOString()],
  ])("pubDate from %s", (_, date, iso) => {
    expect(
      item(`<title>T</title><link>https://a.example/d</link><pubDate>${date}</pubDate>`).pubDate.toISOString(),
    ).toBe(iso);
  });

  it("pubDate falls back to the fetch time, marked as not dated by the feed", () => {
    expect(item("<title>T</title><link>https://a.example/n</link>")).toMatchObject({
      pubDate: fetchedAt,
      dated: false,
    });
  });

  it("description: all markup removed, scripts and styles with it, entities decoded, whitespace collapsed", () => {
    const described = item(`<title>T</title><link>https://a.example/m</link><description><![CDATA[
      <style>.x{color:red}</style><p>Price&nbsp;jumps</p>
      <script>alert("xss")</script><p>to &euro;90k &amp; more</p>   <img src="https://a.example/i.png" onerror="alert(1)">
      <iframe src="https://ads.example/"/> <p>and stays.</p>
    ]]></description>`);
    expect(described.description).toBe("Price jumps to €90k & more and stays.");
  });

  it.each([
    [
      "enclosure first",
      `<enclosure url="https://i.example/enc.jpg" type="image/jpeg"/><media:content url="https://i.example/mc.jpg" medium="image"/>`,
      "https://i.example/enc.jpg",
    ],
    [
      "audio enclosures are not images",
      `<enclosure url="https://i.example/ep.mp3" type="audio/mpeg"/><media:content url="https://i.example/mc.jpg" medium="image"/>`,
      "https://i.example/mc.jpg",
    ],
    [
      "then media content",
      `<media:content url="https://i.example/mc.jpg" type="image/jpeg"/>`,
      "https://i.example/mc.jpg",
    ],
    ["then media thumbnail", `<media:thumbnail url="https://i.example/th.jpg"/>`, "https://i.example/th.jpg"],
    [
      "media thumbnail inside media:group",
      `<media:group><media:thumbnail url="https://i.example/g.jpg"/></media:group>`,
      "https://i.example/g.jpg",
    ],
    ["then the image field", `<image><url>https://i.example/field.png</url></image>`, "https://i.example/field.png"],
    [
      "then the first img in the description",
      `<description>&lt;img src="https://i.example/first.gif"&gt;&lt;img src="https://i.example/second.gif"&gt;</description>`,
      "https://i.example/first.gif",
    ],
    [
      "a protocol-relative address becomes https",
      `<media:thumbnail url="//cdn.example/p.jpg"/>`,
      "https://cdn.example/p.jpg",
    ],
    [
      "an address containing 'undefined' is skipped",
      `<media:content url="https://i.example/undefined.jpg" medium="image"/><media:thumbnail url="https://i.example/ok.jpg"/>`,
      "https://i.example/ok.jpg",
    ],
    ["a javascript: address is never an image", `<media:thumbnail url="javascript:alert(1)"/>`, null],
    ["none at all", "", null],
  ])("image: %s", (_, inner, image) => {
    expect(item(`<title>T</title><link>https://a.example/p</link>${inner}`).image).toBe(image);
  });

  it.each([
    [
      "the feed's source element",
      "<source url='https://s.example/rss'>CoinDesk</source><link>https://www.coindesk.com/a</link>",
      "CoinDesk",
    ],
    ["else the link's host (without www.)", "<link>https://www.coindesk.com/a</link>", "coindesk.com"],
    ["else 'Unknown Source'", "<title>No link</title>", "Unknown Source"],
  ])("source: %s", (_, inner, source) => {
    expect(item(inner).source).toBe(source);
  });

  it.each([
    ["dc:creator", "<dc:creator>Dee</dc:creator>", "Dee"],
    ["author", "<author>ed@example.com (Ed)</author>", "ed@example.com (Ed)"],
    ["else 'Unknown'", "", "Unknown"],
  ])("creator: %s", (_, inner, creator) => {
    expect(item(`<title>T</title><link>https://a.example/c</link>${inner}`).creator).toBe(creator);
  });

  it("links that are not http(s) are dropped, so they never reach a page", () => {
    expect(item("<title>T</title><link>javascript:alert(document.cookie)</link>").link).toBe("");
    expect(item("<title>T</title><link>data:text/html,hi</link>").link).toBe("");
  });

  it("drops items that fail to normalise and keeps the rest", () => {
    const items = parse(
      rss(
        `<item></item><item><title>Kept</title><link>https://a.example/k</link></item><item><guid>only-a-guid</guid></item>`,
      ),
    );
    expect(items.map((i) => i.title)).toEqual(["Kept"]);
  });

  it("keeps the first of items that repeat an id", () => {
    const items = parse(
      rss(`<item><guid>same</guid><title>First</title></item><item><guid>same</guid><title>Second</title></item>`),
    );
    expect(items.map((i) => i.title)).toEqual(["First"]);
  });
});
