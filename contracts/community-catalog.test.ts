import { describe, expect, it } from "vitest";
import {
  commenterName,
  commentParts,
  commentPreview,
  isBlankComment,
  mentionedHandles,
  normaliseComment,
} from "./community-catalog.ts";

describe("comment preview (50 characters, '...' when longer)", () => {
  it.each([
    ["short", "short"],
    ["x".repeat(50), "x".repeat(50)],
    ["x".repeat(51), `${"x".repeat(50)}...`],
    ["line one\n\nline   two", "line one line two"],
    [`${"👍🏽".repeat(51)}`, `${"👍🏽".repeat(50)}...`],
    [`${"a".repeat(49)}👨‍👩‍👧 tail`, `${"a".repeat(49)}👨‍👩‍👧...`],
  ])("%j → %j", (content, preview) => {
    expect(commentPreview(content)).toBe(preview);
  });
});

describe("blank comments", () => {
  it.each(["", "   ", "\n\t", "\u200b\u200b", "\u200e \u202e"])("%j is blank", (content) => {
    expect(isBlankComment(content)).toBe(true);
  });
  it.each(["a", " . ", "שלום", "🚀"])("%j is not", (content) => {
    expect(isBlankComment(content)).toBe(false);
  });
  it("normalises line breaks and trims", () => {
    expect(normaliseComment("  a\r\nb\rc \n")).toBe("a\nb\nc");
  });
});

describe("mentions", () => {
  it.each([
    ["hi @Alice and @bob_2", ["alice", "bob_2"]],
    ["@alice @ALICE", ["alice"]],
    ["mail me at me@alice.com", []],
    ["see https://x.com/@alice", []],
    ["@@alice", []],
    ["(@carol)", ["carol"]],
    ["@a @b @c @d @e @f @g", ["a", "b", "c", "d", "e"]],
  ])("%j mentions %j", (content, handles) => {
    expect(mentionedHandles(content)).toEqual(handles);
  });
});

describe("comment parts: only http(s) links become links", () => {
  it.each([
    ["plain text", [{ kind: "text", text: "plain text" }]],
    [
      "see https://example.com/a?b=1.",
      [
        { kind: "text", text: "see " },
        { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
        { kind: "text", text: "." },
      ],
    ],
    [
      "(https://en.wikipedia.org/wiki/Bitcoin_(disambiguation))",
      [
        { kind: "text", text: "(" },
        {
          kind: "link",
          text: "https://en.wikipedia.org/wiki/Bitcoin_(disambiguation)",
          href: "https://en.wikipedia.org/wiki/Bitcoin_(disambiguation)",
        },
        { kind: "text", text: ")" },
      ],
    ],
    ["javascript:alert(1)", [{ kind: "text", text: "javascript:alert(1)" }]],
    ['<a href="javascript:alert(1)">x</a>', [{ kind: "text", text: '<a href="javascript:alert(1)">x</a>' }]],
    ["http:// nothing", [{ kind: "text", text: "http:// nothing" }]],
  ])("%j", (content, parts) => {
    expect(commentParts(content)).toEqual(parts);
  });

  it("keeps every character of the comment, in order", () => {
    const content = "a https://x.io/1, b http://y.io/(2) c https://z.io).";
    expect(
      commentParts(content)
        .map((part) => part.text)
        .join(""),
    ).toBe(content);
  });
});

describe("commenter name", () => {
  it.each([
    [{ username: "Satoshi", handle: "sn" }, "Satoshi"],
    [{ username: "  ", handle: "sn" }, "sn"],
    [{ username: null, handle: "sn" }, "sn"],
    [{ username: null, handle: null }, "Anonymous"],
  ])("%j → %s", (author, name) => {
    expect(commenterName(author)).toBe(name);
  });
});
