import { describe, expect, it } from "vitest";
import { atom, atom03, fetchedAt, only, parse, rss } from "../../test/feed-fixtures.ts";

const DCTERMS = ' xmlns:dcterms="http://purl.org/dc/terms/"';
const iso = (item: { pubDate: Date; dated: boolean }) => (item.dated ? item.pubDate.toISOString() : "undated");

describe("dates", () => {
  it.each([
    ["dcterms:issued", "<dcterms:issued>2026-11-20T08:00:00Z</dcterms:issued>", "2026-11-20T08:00:00.000Z"],
    ["dcterms:created", "<dcterms:created>2026-11-20</dcterms:created>", "2026-11-20T00:00:00.000Z"],
    ["dcterms:modified", "<dcterms:modified>2026-11-20T08:00:00+01:00</dcterms:modified>", "2026-11-20T07:00:00.000Z"],
    [
      "issued before modified",
      "<dcterms:modified>2026-11-21T08:00:00Z</dcterms:modified><dcterms:issued>2026-11-20T08:00:00Z</dcterms:issued>",
      "2026-11-20T08:00:00.000Z",
    ],
    [
      "an unreadable pubDate gives way to a readable dc:date",
      "<pubDate>soon</pubDate><dc:date>2026-11-20T08:00:00Z</dc:date>",
      "2026-11-20T08:00:00.000Z",
    ],
  ])("RSS %s", (_, inner, expected) => {
    expect(iso(only(rss(`<item><title>T</title>${inner}</item>`, DCTERMS)))).toBe(expected);
  });

  it.each([
    [
      "issued",
      "<issued>2026-11-20T08:00:00Z</issued><modified>2026-11-21T08:00:00Z</modified>",
      "2026-11-20T08:00:00.000Z",
    ],
    [
      "created",
      "<created>2026-11-19T08:00:00Z</created><modified>2026-11-21T08:00:00Z</modified>",
      "2026-11-19T08:00:00.000Z",
    ],
    ["modified alone", "<modified>2026-11-21T08:00:00Z</modified>", "2026-11-21T08:00:00.000Z"],
  ])("Atom 0.3 %s", (_, inner, expected) => {
    expect(iso(only(atom03(`<entry><id>1</id><title>T</title>${inner}</entry>`)))).toBe(expected);
  });

  it("Atom 1.0: published, else updated", () => {
    const [published, updated] = parse(
      atom(`<entry><id>1</id><title>A</title><updated>2026-11-21T08:00:00Z</updated><published>2026-11-20T08:00:00Z</published></entry>
        <entry><id>2</id><title>B</title><updated>2026-11-21T08:00:00Z</updated></entry>`),
    );
    expect([published, updated].map((item) => iso(item as { pubDate: Date; dated: boolean }))).toEqual([
      "2026-11-20T08:00:00.000Z",
      "2026-11-21T08:00:00.000Z",
    ]);
  });

  it.each([
    ["Portuguese", "Seg, 24 Set 2018 19:42:40 -0300", "2018-09-24T22:42:40.000Z"],
    ["Portuguese, long names", "segunda-feira, 24 de setembro de 2018 19:42:40 -0300", "2018-09-24T22:42:40.000Z"],
    ["German", "Mo, 24 Sep 2018 19:42:40 +0200", "2018-09-24T17:42:40.000Z"],
    ["German, long names", "Montag, 24. März 2018 19:42:40 MESZ", "2018-03-24T17:42:40.000Z"],
    ["French", "lun., 24 sept. 2018 19:42:40 +0200", "2018-09-24T17:42:40.000Z"],
    ["French, accents", "mer., 12 déc. 2018 08:00:00 +0100", "2018-12-12T07:00:00.000Z"],
    ["Spanish", "lun, 24 de septiembre de 2018 19:42 +0200", "2018-09-24T17:42:00.000Z"],
    ["Spanish, abbreviated", "Sáb, 01 Dic 2018 10:00:00 GMT", "2018-12-01T10:00:00.000Z"],
    ["Italian", "lun, 24 set 2018 19:42:40 +0200", "2018-09-24T17:42:40.000Z"],
    ["Dutch", "ma, 24 mrt 2018 19:42:40 +0100", "2018-03-24T18:42:40.000Z"],
    ["a two-digit year", "Mon, 24 Sep 18 19:42:40 GMT", "2018-09-24T19:42:40.000Z"],
    ["no seconds, no zone", "24 Sep 2018 19:42", "2018-09-24T19:42:00.000Z"],
    ["asctime", "Mon Sep 24 19:42:40 2018", "2018-09-24T19:42:40.000Z"],
    ["a US order with a 12-hour clock", "September 24, 2018 7:42:40 PM", "2018-09-24T19:42:40.000Z"],
    ["a US order in 24 hours", "September 24, 2018 19:42:40 EDT", "2018-09-24T23:42:40.000Z"],
    ["an ISO date with a space and no zone", "2018-09-24 19:42:40", "2018-09-24T19:42:40.000Z"],
    ["a day the month does not have", "Mon, 31 Sep 2018 19:42:40 GMT", "undated"],
    ["a placeholder from 1970", "Thu, 01 Jan 1970 00:00:00 GMT", "undated"],
    ["words only", "yesterday-ish", "undated"],
  ])("RFC 822 and relatives: %s", (_, date, expected) => {
    expect(iso(only(rss(`<item><title>T</title><pubDate>${date}</pubDate></item>`)))).toBe(expected);
  });

  it.each([
    ["a zone written after GMT", "Sat, 22 Nov 2025 10:00:00 GMT+0100", "2025-11-22T09:00:00.000Z"],
    [
      "what JavaScript's Date.toString() writes",
      "Sat Nov 22 2025 10:00:00 GMT+0100 (Central European Standard Time)",
      "2025-11-22T09:00:00.000Z",
    ],
  ])("%s", (_, date, expected) => {
    expect(iso(only(rss(`<item><title>T</title><pubDate>${date}</pubDate></item>`)))).toBe(expected);
  });

  it("a placeholder date gives way to the next date the item gives", () => {
    const item = only(
      rss(
        "<item><title>T</title><pubDate>Thu, 01 Jan 1970 00:00:00 GMT</pubDate><dc:date>2026-11-20T08:00:00Z</dc:date></item>",
      ),
    );
    expect(iso(item)).toBe("2026-11-20T08:00:00.000Z");
  });

  it("an unprefixed published comes before atom:updated in RSS", () => {
    const item = only(
      rss(
        '<item><title>T</title><atom:updated xmlns:atom="http://www.w3.org/2005/Atom">2026-11-21T08:00:00Z</atom:updated><published>2026-11-20T08:00:00Z</published></item>',
      ),
    );
    expect(iso(item)).toBe("2026-11-20T08:00:00.000Z");
  });

  it("an item whose feed gives no date is undated: it keeps the fetch time for order only", () => {
    const item = only(rss("<item><title>T</title><link>https://a.example/n</link></item>"));
    expect(item).toMatchObject({ dated: false, pubDate: fetchedAt });
  });
});

describe("bylines show a name, never an email address", () => {
  it.each([
    ["RSS author with the name in brackets", "<author>me@example.com (Example editor)</author>", "Example editor"],
    ["Blogger's no-reply address", "<author>noreply@blogger.com (Satoshi N.)</author>", "Satoshi N."],
    ["an address alone", "<author>me@example.com</author>", "Unknown"],
    ["a mailto address alone", "<author>mailto:me@example.com</author>", "Unknown"],
    [
      "a name then an address in angle brackets",
      "<dc:creator>Ed Editor &lt;ed@example.com&gt;</dc:creator>",
      "Ed Editor",
    ],
    ["a name alone", "<dc:creator>Ada</dc:creator>", "Ada"],
    ["a handle is a name", "<dc:creator>@satoshi</dc:creator>", "@satoshi"],
    ["dc:creator before author", "<author>me@example.com (Editor)</author><dc:creator>Writer</dc:creator>", "Writer"],
    [
      "a podcast's author",
      '<itunes:author xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">Pod Host</itunes:author>',
      "Pod Host",
    ],
  ])("%s", (_, inner, creator) => {
    expect(only(rss(`<item><title>T</title>${inner}</item>`)).creator).toBe(creator);
  });

  it.each([
    [
      "an empty dc:creator before an author",
      "<dc:creator><![CDATA[]]></dc:creator><author>x@y.example (Real Name)</author>",
      "Real Name",
    ],
    [
      "an address-only author before an iTunes author",
      '<author>x@y.example</author><itunes:author xmlns:itunes="http://www.itunes.com/DTDs/Podcast-1.0.dtd">Host</itunes:author>',
      "Host",
    ],
  ])("the next byline when one names no one: %s", (_, inner, creator) => {
    expect(only(rss(`<item><title>T</title>${inner}</item>`)).creator).toBe(creator);
  });

  it("the channel's byline for an item whose own names only an address", () => {
    const item = only(
      `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><dc:creator>Desk</dc:creator>
        <item><title>T</title><author>ed@x.example</author></item></channel></rss>`,
    );
    expect(item.creator).toBe("Desk");
  });

  it("an Atom author's name, not the email beside it; the feed's author for entries with none", () => {
    const [own, inherited] = parse(
      atom(
        `<entry><id>1</id><title>A</title><author><name>Ann</name><email>ann@example.com</email></author></entry>
         <entry><id>2</id><title>B</title></entry><author><name>Desk</name></author>`,
      ),
    );
    expect([own?.creator, inherited?.creator]).toEqual(["Ann", "Desk"]);
    const [nameless] = parse(
      atom("<author><name>Desk</name></author><entry><id>1</id><title>A</title><author><name></name></author></entry>"),
    );
    expect(nameless?.creator).toBe("Desk");
  });
});

describe("JSON Feed", () => {
  const feed = (items: object[], top: object = {}) =>
    JSON.stringify({ version: "https://jsonfeed.org/version/1.1", title: "J", ...top, items });

  it("reads title, summary and content_text as plain text, content_html as HTML", () => {
    const [html, text] = parse(
      feed([
        { id: "1", title: "Vec<T> & friends", content_html: "<p>Rust's <b>Vec&lt;T&gt;</b></p>" },
        { id: "2", title: "Plain", content_text: "Use <script> tags with care", summary: "A summary <T>" },
      ]),
    );
    expect(html).toMatchObject({ title: "Vec<T> & friends", description: "Rust's Vec<T>" });
    expect(text).toMatchObject({ title: "Plain", description: "A summary <T>" });
  });

  it("gives an item the feed's authors when it has none, and reads JSON Feed 1.0's author", () => {
    const [inherited, legacy] = parse(
      feed(
        [
          { id: "1", title: "A" },
          { id: "2", title: "B", author: { name: "Old" } },
        ],
        { authors: [{ name: "Team" }] },
      ),
    );
    expect([inherited?.creator, legacy?.creator]).toEqual(["Team", "Old"]);
  });

  it("reads JSON Feed 1.0, whose version address is http", () => {
    const item = only(JSON.stringify({ version: "http://jsonfeed.org/version/1", items: [{ id: "1", title: "Old" }] }));
    expect(item.title).toBe("Old");
  });

  it("takes a picture from an image attachment, and dates from date_published, else date_modified", () => {
    const item = only(
      feed([
        {
          id: "1",
          title: "A",
          date_modified: "2026-11-20T08:00:00Z",
          attachments: [
            { url: "https://j.example/a.mp3", mime_type: "audio/mpeg" },
            { url: "https://j.example/a.png", mime_type: "image/png" },
          ],
        },
      ]),
    );
    expect(item).toMatchObject({ image: "https://j.example/a.png", pubDate: new Date("2026-11-20T08:00:00Z") });
  });
});
