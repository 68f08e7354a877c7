import { describe, expect, it } from "vitest";
import { escapeMarkup, escapeXml } from "./markup.ts";

describe("escaping text for markup", () => {
  it("escapes the five characters that could start markup or end a quoted attribute", () => {
    expect(escapeMarkup(`Q&A <"quotes"> 'n' more`)).toBe("Q&amp;A &lt;&quot;quotes&quot;&gt; &#39;n&#39; more");
  });

  it("drops, for XML, the characters XML 1.0 forbids and keeps every other one", () => {
    expect(escapeXml("a\u0000b\u0007c\u000bd\ufffee\ud800f")).toBe("abcdef");
    expect(escapeXml("tab\there\nline\r\u0085 €😀")).toBe("tab\there\nline\r\u0085 €😀");
  });
});
