import { describe, expect, it } from "vitest";
import { contentParagraphs, parseTags, slugFromTitle } from "./content-catalog.ts";

describe("tags (comma-separated, trimmed, empties dropped)", () => {
  it.each([
    ["bitcoin, etf ,, markets ,", ["bitcoin", "etf", "markets"]],
    ["", []],
    [" , ,", []],
    ["BTC, btc, Btc", ["BTC"]],
    ["one", ["one"]],
  ])("%j → %j", (entered, tags) => {
    expect(parseTags(entered)).toEqual(tags);
  });
});

describe("content paragraphs (split on blank lines)", () => {
  it.each([
    ["one\n\ntwo", ["one", "two"]],
    ["one\ntwo", ["one\ntwo"]],
    ["one\r\n\r\ntwo\n \n\nthree", ["one", "two", "three"]],
    ["\n\n  only  \n\n", ["only"]],
    ["", []],
  ])("%j → %j", (content, paragraphs) => {
    expect(contentParagraphs(content)).toEqual(paragraphs);
  });
});

describe("slugs from titles", () => {
  it.each([
    ["Bitcoin hits $100K!", "bitcoin-hits-100k"],
    ["  Ça déménage à Zürich  ", "ca-demenage-a-zurich"],
    ["日本語", "post"],
    ["", "post"],
    ["a".repeat(100), "a".repeat(80)],
    [`${"word ".repeat(30)}`, "word-".repeat(16).slice(0, 79)],
  ])("%j → %j", (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });
});
