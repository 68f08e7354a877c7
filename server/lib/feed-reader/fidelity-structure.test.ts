import { describe, expect, it } from "vitest";
import { atom, fetchedAt, only, parse, rss } from "../../test/feed-fixtures.ts";
import { parseFeed } from "./parse-feed.ts";

describe("elements are matched by namespace, not by prefix", () => {
  it.each([
    [
      "RSS 2.0 in a namespace, with a prefix",
      `<r:rss version="2.0" xmlns:r="http://backend.userland.com/rss2" xmlns:szf="http://schemas.pocketsoap.com/rss/myDescModule/">
        <r:channel><r:title>C</r:title><r:item><r:title>Prefixed RSS</r:title><r:link>https://a.example/1</r:link>
        <szf:description>another module's description</szf:description><r:description>correct description</r:description>
        </r:item></r:channel></r:rss>`,
    ],
    [
      "RSS 1.0 with the RSS namespace on a prefix",
      `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:rss="http://purl.org/rss/1.0/" xmlns:szf="http://schemas.pocketsoap.com/rss/myDescModule/">
        <rss:channel rdf:about="https://a.example/"><rss:title>C</rss:title></rss:channel>
        <rss:item rdf:about="https://a.example/1"><rss:title>Prefixed RSS</rss:title><rss:link>https://a.example/1</rss:link>
        <szf:description>another module's description</szf:description><rss:description>correct description</rss:description></rss:item></rdf:RDF>`,
    ],
    [
      "Atom with a prefix",
      `<a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:title>C</a:title><a:entry><a:id>1</a:id><a:title>Prefixed RSS</a:title>
        <a:link href="https://a.example/1"/><a:summary>correct description</a:summary></a:entry></a:feed>`,
    ],
    [
      "Dublin Core under an unusual prefix",
      `<rss version="2.0" xmlns:d="http://purl.org/dc/elements/1.1/"><channel><item><title>Prefixed RSS</title>
        <link>https://a.example/1</link><description>correct description</description><d:creator>Dee</d:creator></item></channel></rss>`,
    ],
  ])("%s", (_, body) => {
    expect(only(body)).toMatchObject({
      title: "Prefixed RSS",
      link: "https://a.example/1",
      description: "correct description",
    });
  });

  it("reads a declared Dublin Core creator whatever its prefix, and ignores a look-alike in another namespace", () => {
    const [declared, lookalike] = parse(
      `<rss version="2.0" xmlns:d="http://purl.org/dc/elements/1.1/" xmlns:x="https://other.example/ns"><channel>
        <item><title>A</title><link>https://a.example/a</link><d:creator>Dee</d:creator></item>
        <item><title>B</title><link>https://a.example/b</link><x:creator>Not a byline</x:creator></item></channel></rss>`,
    );
    expect(declared?.creator).toBe("Dee");
    expect(lookalike?.creator).toBe("Unknown");
  });

  it("reads RDF's about under any prefix bound to RDF's namespace", () => {
    const item = only(`<R:RDF xmlns:R="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
      <item R:about="https://a.example/about"><title>About</title></item></R:RDF>`);
    expect(item).toMatchObject({ id: "https://a.example/about", link: "https://a.example/about" });
  });
});

describe("lenient structure", () => {
  it("reads items directly under <rss>, with no <channel>", () => {
    expect(
      parse(
        '<rss version="2.0"><item><title>One</title><link>https://a.example/1</link></item><item><title>Two</title></item></rss>',
      ).map((item) => item.title),
    ).toEqual(["One", "Two"]);
  });

  it.each([
    ["an empty <rss>", "<rss></rss>"],
    ["a channel with no items", '<rss version="2.0"><channel><title>Quiet</title></channel></rss>'],
    ["an empty Atom feed", atom("")],
    ["an RSS 1.0 document with no items", '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>'],
  ])("reads %s as a feed with no items, not a failure", (_, body) => {
    expect(parse(body)).toEqual([]);
  });
});

describe("addresses follow xml:base", () => {
  const read = (body: string) => parseFeed(body, { fetchedAt, baseUrl: "https://feeds.example/atom.xml" });

  it("resolves links and pictures against xml:base on the feed, the entry and the content, each against its parent's", () => {
    const [entry] = read(
      atom(
        `<entry xml:base="2024/"><id>1</id><title>T</title><link href="hello.html"/>
          <content type="html" xml:base="/img/">&lt;img src="pic.png"&gt;Hi</content></entry>`,
        ' xml:base="https://blog.example/posts/"',
      ),
    );
    expect(entry).toMatchObject({
      link: "https://blog.example/posts/2024/hello.html",
      image: "https://blog.example/img/pic.png",
    });
  });

  it("resolves RSS links and enclosures against the channel's xml:base", () => {
    const [item] = read(
      rss(
        '<item><title>T</title><link>2024/hello.html</link><enclosure url="media/p.jpg" type="image/jpeg"/></item>',
        ' xml:base="https://blog.example/posts/"',
      ),
    );
    expect(item).toMatchObject({
      link: "https://blog.example/posts/2024/hello.html",
      image: "https://blog.example/posts/media/p.jpg",
    });
  });

  it("resolves against the feed's own address without xml:base, and ignores a base that cannot be read", () => {
    const [plain, broken] = read(
      atom(`<entry><id>1</id><title>A</title><link href="/a.html"/></entry>
        <entry xml:base="javascript:alert(1)"><id>2</id><title>B</title><link href="b.html"/></entry>`),
    );
    expect(plain?.link).toBe("https://feeds.example/a.html");
    expect(broken?.link).toBe("https://feeds.example/b.html");
  });
});

describe("an Atom entry's link is its alternate link, never another kind", () => {
  it.each([
    ["a license link only", '<link rel="license" href="https://creativecommons.org/licenses/by/4.0/"/>', ""],
    [
      "self and edit links only",
      '<link rel="self" href="https://a.example/self"/><link rel="edit" href="https://a.example/edit"/>',
      "",
    ],
    ["an enclosure only", '<link rel="enclosure" type="audio/mpeg" href="https://a.example/ep.mp3"/>', ""],
    [
      "an alternate after a license",
      '<link rel="license" href="https://creativecommons.org/"/><link rel="alternate" href="https://a.example/post"/>',
      "https://a.example/post",
    ],
    [
      "the HTML alternate among several",
      '<link rel="alternate" type="application/pdf" href="https://a.example/p.pdf"/><link rel="alternate" type="text/html" href="https://a.example/p"/>',
      "https://a.example/p",
    ],
    ["a link with no rel (alternate)", '<link href="https://a.example/norel"/>', "https://a.example/norel"],
    [
      "the HTML alternate, its type written with a charset",
      '<link rel="alternate" type="application/json" href="https://a.example/p.json"/><link rel="alternate" type="text/html; charset=utf-8" href="https://a.example/p"/>',
      "https://a.example/p",
    ],
    ["an id that is an address is still only an id", "", ""],
  ])("%s", (_, links, link) => {
    expect(only(atom(`<entry><id>https://a.example/id</id><title>T</title>${links}</entry>`)).link).toBe(link);
  });
});
