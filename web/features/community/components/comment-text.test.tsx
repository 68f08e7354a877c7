import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CommentText } from "./comment-text.tsx";

const show = (content: string) => render(<CommentText content={content} />).container;

describe("CommentText: a comment is shown as its text, never as markup", () => {
  it.each([
    ["an image with an onerror handler", "<img src=x onerror=alert(1)>"],
    ["a script tag", "<script>alert(1)</script>"],
    ["bold with a handler", "<b onmouseover=alert(1)>bold</b>"],
    ["an entity", "&lt;b&gt; &amp;"],
  ])("%s stays text", (_name, content) => {
    const box = show(content);
    expect(box.textContent).toBe(content);
    const paragraph = box.querySelector("p");
    expect(paragraph?.children).toHaveLength(0);
    expect(box.querySelector("img, script, a, b")).toBeNull();
  });

  it.each([
    ["javascript:", "javascript:alert(document.cookie)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["vbscript:", "vbscript:msgbox(1)"],
    ["protocol-relative", "//evil.example/path"],
  ])("a %s address is not a link", (_name, content) => {
    const box = show(`see ${content}`);
    expect(box.querySelector("a")).toBeNull();
    expect(box.textContent).toBe(`see ${content}`);
  });

  it("makes http(s) addresses links that open in a new tab and pass nothing on", () => {
    const box = show("Read https://coindesk.example/a?b=1, then http://x.example/(wiki).");
    const links = [...box.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://coindesk.example/a?b=1",
      "http://x.example/(wiki)",
    ]);
    for (const link of links) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
    }
    // The sentence's punctuation stays outside the links.
    expect(box.textContent).toBe("Read https://coindesk.example/a?b=1, then http://x.example/(wiki).");
  });

  it("shows an HTML link as its text, with only the address in it made a link of ours", () => {
    const content = '<a href="https://evil.example" onclick="steal()">click</a>';
    const box = show(content);
    expect(box.textContent).toBe(content);
    const links = box.querySelectorAll("a");
    expect(links).toHaveLength(1);
    expect(links[0]?.textContent).toBe("https://evil.example");
    expect(links[0]?.getAttribute("onclick")).toBeNull();
    expect(links[0]?.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
  });

  it("isolates its direction, so right-to-left text or an override cannot reorder the page around it", () => {
    const content = "\u202Eevil override \u05E9\u05DC\u05D5\u05DD";
    const paragraph = show(content).querySelector("p") as HTMLElement;
    expect(paragraph.getAttribute("dir")).toBe("auto");
    expect(paragraph.className).toContain("[unicode-bidi:isolate]");
    expect(paragraph.textContent).toBe(content);
  });

  it("keeps line breaks and long words readable", () => {
    const paragraph = show("line one\nline two").querySelector("p") as HTMLElement;
    expect(paragraph.className).toContain("whitespace-pre-wrap");
    expect(paragraph.className).toContain("break-words");
    expect(paragraph.textContent).toBe("line one\nline two");
  });
});
