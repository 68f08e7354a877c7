import { describe, expect, it } from "vitest";
import { discoverFeedLinks } from "./discover.ts";
import { readOpml } from "./opml.ts";
import { scanTags, type Tag } from "./tags.ts";

const MB = 1024 * 1024;
/** `unit` repeated to 1 MB: what a member could send (an OPML file is at most 1 MB). */
const megabyteOf = (unit: string) => unit.repeat(Math.ceil(MB / unit.length));

const scan = (text: string, names: string[], rawText?: string[]) => {
  const tags: Array<Pick<Tag, "name" | "start"> & { attributes: Record<string, string> }> = [];
  const stoppedAt = scanTags(text, { names: new Set(names), rawText: rawText && new Set(rawText) }, (tag) =>
    tags.push({ name: tag.name, start: tag.start, attributes: Object.fromEntries(tag.attributes) }),
  );
  return { tags, stoppedAt };
};

describe("the tag scanner", () => {
  it("reads attributes quoted either way, unquoted or bare, first of a name kept, entities decoded", () => {
    const text = `<p><LINK Rel=alternate href='/a?x=1&amp;y=2' title="a > b" hidden HREF="/second" data-x = "1"/>`;
    expect(scan(text, ["link"])).toEqual({
      tags: [
        {
          name: "link",
          start: 3,
          attributes: { rel: "alternate", href: "/a?x=1&y=2", title: "a > b", hidden: "", "data-x": "1" },
        },
      ],
      stoppedAt: null,
    });
  });

  it("steps over comments, CDATA, DOCTYPEs, end tags and raw text, and stops at what never ends", () => {
    const text = `<!DOCTYPE x [<!ENTITY e "<link href='dtd'>">]><!-- <link href="comment"> --><![CDATA[<link href="cdata">]]>
<?pi <link href="pi"?></link href="end"><script><link href="script"></SCRIPT ><link href="real"><a title="<link href='quoted'>">`;
    const { tags, stoppedAt } = scan(text, ["link"], ["script"]);
    expect(tags.map((tag) => tag.attributes.href)).toEqual(["real"]);
    expect(stoppedAt).toBeNull();
    expect(scan(`<link href="a"><link href="b`, ["link"]).stoppedAt).toBe(15);
    expect(scan(`<script><link href="a">`, ["link"], ["script"])).toEqual({ tags: [], stoppedAt: 0 });
  });

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
    expect(scan(text, ["outline"]).tags.map((tag) => tag.attributes.xmlurl)).toEqual(["https://kept.example/feed"]);
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
    expect(scan(megabyteOf(unit), ["link"], ["script"]).tags).toEqual([]);
  });
});
