import { describe, expect, it } from "vitest";
import { canAnalyze } from "./analysis-catalog.ts";

describe("canAnalyze", () => {
  it.each([
    "https://example.com/news/a",
    "http://example.com/a",
    "https://notbloomberg.com/x",
    "https://bloomberg.com.example/x",
    "https://wsj.company.example/x",
    "/blog/hello-world",
  ])("allows %s", (link) => {
    expect(canAnalyze(link)).toBe(true);
  });

  it.each([
    "https://bloomberg.com/news/a",
    "https://www.bloomberg.com/news/a",
    "https://markets.BLOOMBERG.com/a",
    "https://www.bloomberg.com./a",
    "https://wsj.com/articles/a",
    "https://www.wsj.com/articles/a",
    "https://blogs.wsj.com/a",
    "javascript:alert(1)",
    "ftp://example.com/a",
    "file:///etc/passwd",
    "data:text/html,hi",
    "not a url",
    "/blog/",
    "/blog/a/b",
    "/news/a",
  ])("refuses %s", (link) => {
    expect(canAnalyze(link)).toBe(false);
  });
});
