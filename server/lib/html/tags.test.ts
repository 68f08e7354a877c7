import { describe, expect, it } from "vitest";
import { scanTags, type Tag } from "./tags.ts";

const scan = (text: string, names: string[], xml = false) => {
  const tags: Array<Pick<Tag, "name" | "start"> & { attributes: Record<string, string> }> = [];
  const stoppedAt = scanTags(text, { names: new Set(names), xml }, (tag) =>
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
    const { tags, stoppedAt } = scan(text, ["link"]);
    expect(tags.map((tag) => tag.attributes.href)).toEqual(["real"]);
    expect(stoppedAt).toBeNull();
    expect(scan(`<link href="a"><link href="b`, ["link"]).stoppedAt).toBe(15);
    expect(scan(`<script><link href="a">`, ["link"])).toEqual({ tags: [], stoppedAt: 0 });
  });
});

describe("the tag scanner over htmlparser2's tokenizer", () => {
  it("steps over a DOCTYPE's whole internal subset, though its entities hold `>` and tags", () => {
    const text = `<!DOCTYPE opml [<!ENTITY a "x><outline xmlUrl='https://dtd.example/'/>">]>
<opml><outline xmlUrl="https://real.example/feed"/></opml>`;
    const { tags, stoppedAt } = scan(text, ["outline"], true);
    expect(tags.map((tag) => tag.attributes.xmlurl)).toEqual(["https://real.example/feed"]);
    expect(stoppedAt).toBeNull();
    expect(scan(`<!DOCTYPE opml [<!ENTITY a "x>y">`, ["outline"], true).stoppedAt).toBe(0);
  });

  it("says where an end tag, a declaration or a tag's name is cut off", () => {
    expect(scan(`<opml></opml`, ["opml"], true).stoppedAt).toBe(6);
    expect(scan(`<opml></opml  `, ["opml"], true).stoppedAt).toBe(6);
    expect(scan(`<opml><outl`, ["opml"], true).stoppedAt).toBe(6);
    expect(scan(`<opml><!ELEMENT x`, ["opml"], true).stoppedAt).toBe(6);
    expect(scan(`<opml><?pi x`, ["opml"], true).stoppedAt).toBe(6);
    expect(scan(`<opml><![CDATA[x`, ["opml"], true).stoppedAt).toBe(6);
    expect(scan(`<opml></opml>\n`, ["opml"], true).stoppedAt).toBeNull();
    // A `<` that starts no tag is text in HTML, and ends nothing.
    expect(scan(`<p>5 < 6 and </ 1`, ["p"]).stoppedAt).toBeNull();
  });

  it("reads XML's CDATA sections as sections and HTML's script, style, title, textarea and xmp as raw text", () => {
    const hidden = (wrap: string) => `<${wrap}><link href="in"></${wrap}><link href="out">`;
    for (const element of ["script", "style", "title", "textarea", "xmp"]) {
      expect(scan(hidden(element), ["link"]).tags.map((tag) => tag.attributes.href)).toEqual(["out"]);
    }
    expect(scan(`<a><![CDATA[<link href="in">]]><link href="out"/></a>`, ["link"], true).tags).toHaveLength(1);
    // In XML no element's content is raw text.
    expect(scan(hidden("script"), ["link"], true).tags.map((tag) => tag.attributes.href)).toEqual(["in", "out"]);
  });

  it("decodes HTML's named references in an HTML page and only XML's in XML", () => {
    expect(scan(`<link title="a&nbsp;b&eacute;&#x41;">`, ["link"]).tags[0]?.attributes.title).toBe("a\u00a0béA");
    expect(scan(`<link title="a&amp;b&#x41;&lt;"/>`, ["link"], true).tags[0]?.attributes.title).toBe("a&bA<");
  });
});
