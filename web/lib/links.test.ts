import { describe, expect, it } from "vitest";
import { httpLink } from "./links.ts";

describe("httpLink", () => {
  it.each([
    ["https://news.example/a?b=1", "https://news.example/a?b=1"],
    ["http://news.example/", "http://news.example/"],
    ["javascript:alert(1)", null],
    ["JavaScript:alert(1)", null],
    ["data:text/html,<script>", null],
    ["/relative", null],
    ["not a url", null],
  ])("links %j as %j", (url, expected) => {
    expect(httpLink(url)).toBe(expected);
  });
});
