import { describe, expect, it } from "vitest";
import { atom, atom03, only, parse, rss } from "../../test/feed-fixtures.ts";
import { expectInert } from "../../test/inert.ts";

const XHTML = 'xmlns="http://www.w3.org/1999/xhtml"';
const base64 = (text: string) => Buffer.from(text).toString("base64");

describe("feed text reads in its author's word order", () => {
  it.each([
    [
      "an Atom XHTML title",
      atom(`<entry><id>1</id><title type="xhtml"><div ${XHTML}>Why <em>Ethereum</em> fell</div></title></entry>`),
      "title",
      "Why Ethereum fell",
    ],
    [
      "Atom XHTML content with inline children",
      atom(
        `<entry><id>1</id><title>T</title><content type="xhtml"><div ${XHTML}>Bitcoin <b>rose</b> 5% on <a href="https://x.example/">Monday</a> after the news.</div></content></entry>`,
      ),
      "description",
      "Bitcoin rose 5% on Monday after the news.",
    ],
    [
      "XHTML written with a prefix",
      atom(
        `<entry><id>1</id><title>T</title><content type="xhtml"><x:div xmlns:x="http://www.w3.org/1999/xhtml"><x:p>One <x:em>two</x:em> three.</x:p><x:p>Four.</x:p></x:div></content></entry>`,
      ),
      "description",
      "One two three. Four.",
    ],
    [
      "RSS text with markup written as XML inside it",
      rss(
        "<item><title>T</title><link>https://a.example/1</link><description>Bitcoin <b>rose</b> 5% on <a>Monday</a> after the news.</description></item>",
      ),
      "description",
      "Bitcoin rose 5% on Monday after the news.",
    ],
    [
      "Reddit's Atom entry: submitter, subreddit, links and comments in their order",
      atom(`<entry><id>t3_1</id><title>A cat</title><link href="https://www.reddit.com/r/funny/comments/1/"/>
        <content type="html">&lt;table&gt; &lt;tr&gt;&lt;td&gt; &lt;a href="https://www.reddit.com/r/funny/comments/1/"&gt; &lt;img src="https://b.thumbs.redditmedia.com/x.jpg" alt="A cat" /&gt; &lt;/a&gt; &lt;/td&gt;&lt;td&gt; &amp;#32; submitted by &amp;#32; &lt;a href="https://www.reddit.com/user/X"&gt; /u/X &lt;/a&gt; &amp;#32; to &amp;#32; &lt;a href="https://www.reddit.com/r/funny/"&gt; r/funny &lt;/a&gt; &lt;br/&gt; &lt;span&gt;&lt;a href="https://i.redd.it/x.jpg"&gt;[link]&lt;/a&gt;&lt;/span&gt; &amp;#32; &lt;span&gt;&lt;a href="https://www.reddit.com/r/funny/comments/1/"&gt;[1143 comments]&lt;/a&gt;&lt;/span&gt; &lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</content></entry>`),
      "description",
      "submitted by /u/X to r/funny [link] [1143 comments]",
    ],
  ])("%s", (_, body, field, text) => {
    expect(only(body)[field as "title" | "description"]).toBe(text);
  });
});

describe("a tag quoted as text stays in the headline", () => {
  it.each([
    [
      'an Atom type="text" title',
      atom('<entry><id>1</id><title type="text">History of the &lt;blink&gt; tag</title></entry>'),
      "History of the <blink> tag",
    ],
    [
      "an Atom title with no type (text)",
      atom("<entry><id>1</id><title>Hackers slip &lt;script&gt; tag into DEX front end, drain $2M</title></entry>"),
      "Hackers slip <script> tag into DEX front end, drain $2M",
    ],
    [
      "an RSS title escaping a raw-text element with no end tag",
      rss("<item><title>Hackers slip &lt;script&gt; tag into DEX front end, drain $2M</title></item>"),
      "Hackers slip <script> tag into DEX front end, drain $2M",
    ],
    [
      "an RSS title escaped twice",
      rss("<item><title>drainer in &amp;lt;iframe&amp;gt; on fake airdrop page</title></item>"),
      "drainer in <iframe> on fake airdrop page",
    ],
    ["a type parameter", rss("<item><title>Vec&lt;T&gt; in Rust</title></item>"), "Vec<T> in Rust"],
    [
      "a lone known tag in a title",
      rss("<item><title>Why the &lt;p&gt; tag still matters</title></item>"),
      "Why the <p> tag still matters",
    ],
    [
      "an Atom HTML title quoting a script tag",
      atom(
        '<entry><id>1</id><title type="html">Hackers slip &amp;lt;script&amp;gt; tag into DEX front end</title></entry>',
      ),
      "Hackers slip <script> tag into DEX front end",
    ],
  ])("%s", (_, body, title) => {
    const item = only(body);
    expect(item.title).toBe(title);
    expectInert(item.title);
  });

  it.each([
    [
      "an RSS description: one level of HTML, its quoted tags kept",
      "Use Vec&lt;T&gt; and Option&lt;T&gt;; &lt;b&gt;never&lt;/b&gt; unwrap",
      "Use Vec<T> and Option<T>; never unwrap",
    ],
    [
      "a raw-text element with no end tag in a description",
      "Hackers slip &lt;script&gt; tag into DEX front end, drain $2M.",
      "Hackers slip <script> tag into DEX front end, drain $2M.",
    ],
    [
      "a Reddit self-post escaped twice, quoting a tag the member wrote",
      "&amp;lt;!-- SC_OFF --&amp;gt;&amp;lt;div class=&amp;quot;md&amp;quot;&amp;gt;&amp;lt;p&amp;gt;Use &amp;amp;lt;script&amp;amp;gt; wisely&amp;lt;/p&amp;gt;&amp;lt;/div&amp;gt;&amp;lt;!-- SC_ON --&amp;gt;",
      "Use <script> wisely",
    ],
    [
      "markup escaped twice, with a script and a handler in it",
      "&amp;lt;img src=x onerror=alert(1)&amp;gt;&amp;lt;script&amp;gt;alert(2)&amp;lt;/script&amp;gt;&amp;lt;p&amp;gt;Hello&amp;lt;/p&amp;gt;",
      "Hello",
    ],
  ])("%s", (_, description, text) => {
    const item = only(rss(`<item><title>T</title><description>${description}</description></item>`));
    expect(item.description).toBe(text);
    expectInert(item.description);
  });

  it("never stores what it quotes as markup: a plain-text field carrying a real element is read as HTML", () => {
    const item = only(
      atom(
        '<entry><id>1</id><title type="text">&lt;b&gt;Bold&lt;/b&gt; &lt;img src=x onerror=alert(1)&gt;claim</title></entry>',
      ),
    );
    expect(item.title).toBe("Bold claim");
    expectInert(item.title);
  });
});

describe("markup written inside RSS elements is read, not dropped", () => {
  it("a title with an element inside", () => {
    expect(only(rss("<item><title>Example <b>Atom</b></title></item>")).title).toBe("Example Atom");
  });

  it("a description made of elements keeps its text and its picture", () => {
    const item = only(
      rss(
        `<item><title>T</title><link>https://www.reddit.com/r/x/1/</link><description><table><tr><td><a href="https://www.reddit.com/r/x/1/"><img src="https://b.thumbs.redditmedia.com/t.jpg" alt="t"/></a></td><td>submitted by <a href="https://www.reddit.com/user/Y">/u/Y</a></td></tr></table></description></item>`,
      ),
    );
    expect(item).toMatchObject({
      description: "submitted by /u/Y",
      image: "https://b.thumbs.redditmedia.com/t.jpg",
    });
  });

  it.each([
    [
      "an empty title before dc:title",
      "<title></title><dc:title>From Dublin Core</dc:title>",
      "title",
      "From Dublin Core",
    ],
    [
      "an empty description before media:description",
      "<description/><media:description>From Media RSS</media:description>",
      "description",
      "From Media RSS",
    ],
  ])("an empty element gives way to the next: %s", (_, inner, field, text) => {
    expect(only(rss(`<item><link>https://a.example/e</link>${inner}</item>`))[field as "title" | "description"]).toBe(
      text,
    );
  });

  it("a description with only a picture takes its text from content:encoded", () => {
    const item = only(
      rss(
        `<item><title>T</title><description><![CDATA[<img src="https://i.example/p.jpg">]]></description><content:encoded><![CDATA[<p>The full story.</p>]]></content:encoded></item>`,
      ),
    );
    expect(item).toMatchObject({ description: "The full story.", image: "https://i.example/p.jpg" });
  });
});

describe("encoded content", () => {
  it.each([
    [
      'Atom 0.3 mode="base64" of plain text: decoded, and a tag in it is text',
      atom03(`<entry><id>1</id><title mode="base64" type="text/plain">${base64("Base64 <title> ✓")}</title></entry>`),
      "Base64 <title> ✓",
    ],
    [
      'Atom 0.3 mode="base64" of HTML: decoded, then read as HTML',
      atom03(
        `<entry><id>1</id><title mode="base64" type="text/html">${base64("<b>Bold</b> &amp; brave")}</title></entry>`,
      ),
      "Bold & brave",
    ],
    [
      'Atom 0.3 mode="escaped" HTML',
      atom03(
        '<entry><id>1</id><title mode="escaped" type="text/html">&lt;i&gt;Escaped&lt;/i&gt; title</title></entry>',
      ),
      "Escaped title",
    ],
    [
      "Atom 0.3 inline XHTML with a MIME type",
      atom03(
        `<entry><id>1</id><title type="application/xhtml+xml" mode="xml"><div ${XHTML}>Example <b>Atom</b></div></title></entry>`,
      ),
      "Example Atom",
    ],
    [
      "Atom 1.0 with a binary MIME type: not text, so the item is untitled",
      atom(
        `<entry><id>1</id><title type="application/octet-stream">${base64("binary")}</title><link href="https://a.example/b"/></entry>`,
      ),
      "Untitled",
    ],
    [
      "Atom 1.0 with a text MIME type",
      atom('<entry><id>1</id><title type="text/plain">Plain &lt;T&gt;</title></entry>'),
      "Plain <T>",
    ],
  ])("%s", (_, body, title) => {
    expect(only(body).title).toBe(title);
  });

  it("skips binary content and out-of-line content, reading the summary instead", () => {
    const [binary, elsewhere] = parse(
      atom(`<entry><id>1</id><title>A</title><content type="image/png">${base64("\u0089PNG")}</content></entry>
        <entry><id>2</id><title>B</title><summary>Short</summary><content src="https://a.example/full.html" type="text/html"/></entry>`),
    );
    expect(binary?.description).toBe("");
    expect(elsewhere?.description).toBe("Short");
  });
});

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe("cuts never split a character", () => {
  const rocket = "\u{1F680}";
  const flag = "\u{1F1FA}\u{1F1F8}";
  const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}";

  it.each([
    ["an emoji across the title's 500th character", "title", `${"x".repeat(498)}${rocket}${rocket}`, "x".repeat(498)],
    ["a flag across the title's cut", "title", `${"x".repeat(497)}${flag}${flag}`, "x".repeat(497)],
    [
      "a family emoji across the description's 2,000th character",
      "description",
      `${"y".repeat(1994)}${family}${family}`,
      "y".repeat(1994),
    ],
  ])("%s", (_, field, text, kept) => {
    const element = field === "title" ? "title" : "description";
    const item = only(rss(`<item><${element}>${text}</${element}><link>https://a.example/c</link></item>`));
    const value = item[field as "title" | "description"];
    expect(value).toBe(`${kept}…`);
    expect(value).not.toMatch(LONE_SURROGATE);
  });
});
