import { describe, expect, it } from "vitest";
import { scanTags } from "../../lib/html/tags.ts";
import { discoverFeedLinks } from "./discover.ts";
import { readOpml } from "./opml.ts";

const MB = 1024 * 1024;
/** `unit` repeated to 1 MB: what a member could send (an OPML file is at most 1 MB). */
const megabyteOf = (unit: string) => unit.repeat(Math.ceil(MB / unit.length));

const linksIn = (text: string, names: string[], xml = false) => {
  const found: Array<Record<string, string>> = [];
  scanTags(text, { names: new Set(names), xml }, (tag) => found.push(Object.fromEntries(tag.attributes)));
  return found;
};

describe("members' files and pages, hostile ones included", () => {
  // Each of these took seconds to minutes with the regular expressions the scanner replaced.
  it.each([
    ["<outline '", "quotes opening in tags that never end"],
    ['<outline a="', "a quote that never closes"],
    ["<outline a=b ", "a tag that never ends"],
    ["<!--", "a comment that never ends"],
    ["<![CDATA[", "a CDATA section that never ends"],
    ["<!DOCTYPE x [", "a DOCTYPE that never ends"],
  ])("reads 1 MB of %j (%s) in one pass and says where the file breaks", (unit) => {
    const text = `<opml version="2.0"><body>\n<outline text="Kept" xmlUrl="https://kept.example/feed"/>\n${megabyteOf(unit)}`;
    if (unit.startsWith("<!DOCTYPE")) {
      expect(() => readOpml(text)).toThrow("its DOCTYPE never ends");
      return;
    }
    // Half a file is not imported as a shorter list: the member is told where it breaks.
    expect(() => readOpml(text)).toThrow("The OPML file is cut short or broken: what starts on line 3 never ends");
    expect(linksIn(text, ["outline"], true).map((attributes) => attributes.xmlurl)).toEqual([
      "https://kept.example/feed",
    ]);
  });

  it("refuses a file cut short inside an outline, rather than importing what came before", () => {
    const text =
      '<opml version="2.0"><body>\n<outline text="A" xmlUrl="https://a.example/feed"/>\n<outline xmlUrl="http://x';
    expect(() => readOpml(text)).toThrow("what starts on line 3 never ends");
    expect(readOpml(text.slice(0, text.lastIndexOf("\n")))).toEqual([
      { line: 2, address: "https://a.example/feed", title: "A" },
    ]);
  });

  it.each([
    ["<link ", "link tags that never end"],
    ["<link href='", "a quote that never closes"],
    ["<script>", "scripts that never close"],
    ["<!--", "a comment that never ends"],
    ["<a <link ", "tags inside tags"],
  ])("finds a page's feed links before 1 MB of %j (%s)", (unit) => {
    const html = `<html><head><link rel="alternate" type="application/rss+xml" href="/feed.xml">${megabyteOf(unit)}`;
    expect(discoverFeedLinks(html, "https://blog.example/")).toEqual(["https://blog.example/feed.xml"]);
    expect(linksIn(megabyteOf(unit), ["link"])).toEqual([]);
  });
});
