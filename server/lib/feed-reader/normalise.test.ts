import { describe, expect, it } from "vitest";
import { fetchedAt, only, parse, rss } from "../../test/feed-fixtures.ts";
import { parseFeed } from "./parse-feed.ts";

describe("parseFeed: normalising rules", () => {
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

  it("keeps a guid that reads as markup as its hash, the same on every fetch, and a plain one as written", () => {
    const guid = "<![CDATA[<svg onload=alert(1)>]]>";
    const first = item(`<guid isPermaLink="false">${guid}</guid><title>T</title>`);
    expect(first.id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(item(`<guid isPermaLink="false">${guid}</guid><title>T</title>`).id).toBe(first.id);
    expect(item('<guid isPermaLink="false">a&lt;b 1 &lt; 2</guid><title>T</title>').id).toBe("a<b 1 < 2");
  });

  it("removes control characters from text", () => {
    const item = only(
      rss("<item><title>A&#1;B\u0007C</title><link>https://a.example/c</link><dc:creator>D\u0000E</dc:creator></item>"),
    );
    expect(item.title).toBe("ABC");
    expect(item.creator).toBe("DE");
  });

  it("removes C1 control characters, which the API refuses in a source filter", () => {
    const item = only(
      rss("<item><title>A\u0085B</title><link>https://a.example/c</link><source>Out\u009blet</source></item>"),
    );
    expect(item.title).toBe("AB");
    expect(item.source).toBe("Outlet");
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
    ["author: the name, never the address", "<author>ed@example.com (Ed)</author>", "Ed"],
    ["else 'Unknown'", "", "Unknown"],
  ])("creator: %s", (_, inner, creator) => {
    expect(item(`<title>T</title><link>https://a.example/c</link>${inner}`).creator).toBe(creator);
  });

  it.each([
    [
      "an absolute http(s) guid stands in for a missing link",
      "<guid>https://news.example/p/1</guid>",
      "https://news.example/p/1",
      "news.example",
    ],
    [
      'unless marked isPermaLink="false"',
      '<guid isPermaLink="false">https://news.example/p/1</guid>',
      "",
      "Unknown Source",
    ],
    ["a guid that is no address never becomes one", '<guid isPermaLink="false">guid-xss2</guid>', "", "Unknown Source"],
    [
      "nor does a relative guid, even marked a permalink",
      '<guid isPermaLink="true">/posts/7</guid>',
      "",
      "Unknown Source",
    ],
    ["nor a protocol-relative one", "<guid>//cdn.example/p/8</guid>", "", "Unknown Source"],
    [
      "the link still wins over the guid",
      "<guid>https://a.example/g</guid><link>https://b.example/l</link>",
      "https://b.example/l",
      "b.example",
    ],
  ])("link: %s", (_, inner, link, source) => {
    const [normalised] = parseFeed(rss(`<item><title>T</title>${inner}</item>`), {
      fetchedAt,
      baseUrl: "https://feed.example/rss",
    });
    expect(normalised).toMatchObject({ link, source });
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
