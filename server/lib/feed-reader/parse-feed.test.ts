import { describe, expect, it } from "vitest";
import { only, parse, parseError, rss } from "../../test/feed-fixtures.ts";

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
