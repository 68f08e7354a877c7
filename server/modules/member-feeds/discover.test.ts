import { describe, expect, it } from "vitest";
import { memberFeedKey, normaliseAddress } from "./address.ts";
import { discoverFeedLinks, looksLikeHtml } from "./discover.ts";

describe("feed autodiscovery", () => {
  const page = "https://blog.example/posts/index.html";

  it("finds alternate feed links of the three feed types, resolved, in the page's order, each once", () => {
    const html = `<html><head>
      <link rel="stylesheet" href="/a.css">
      <LINK REL="Alternate" TYPE="application/atom+xml; charset=utf-8" HREF="atom.xml">
      <link href='//cdn.example/feed.json' type='application/feed+json' rel='alternate'>
      <link rel="alternate feed" type="application/rss+xml" href="/rss?x=1&amp;y=2">
      <link rel="alternate" type="application/rss+xml" href="/rss?x=1&amp;y=2">
      <link rel="alternate" type="text/html" href="/fr/">
      <link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
    </head></html>`;
    expect(discoverFeedLinks(html, page)).toEqual([
      "https://blog.example/posts/atom.xml",
      "https://cdn.example/feed.json",
      "https://blog.example/rss?x=1&y=2",
    ]);
  });

  it("follows <base href>, and ignores links in comments and scripts", () => {
    const html = `<head><base href="https://other.example/dir/">
      <!-- <link rel="alternate" type="application/rss+xml" href="/commented"> -->
      <script>document.write('<link rel="alternate" type="application/rss+xml" href="/scripted">')</script>
      <link rel="alternate" type="application/rss+xml" href="feed"></head>`;
    expect(discoverFeedLinks(html, page)).toEqual(["https://other.example/dir/feed"]);
  });

  it("finds nothing on a page without feed links", () => {
    expect(discoverFeedLinks("<html><head><title>x</title></head></html>", page)).toEqual([]);
  });

  it("tells a web page from a feed", () => {
    expect(looksLikeHtml("text/html; charset=utf-8", "<rss>")).toBe(true);
    expect(looksLikeHtml(null, "<!-- hi -->\n<!DOCTYPE html><html>")).toBe(true);
    expect(looksLikeHtml("application/xml", '<?xml version="1.0"?><rss version="2.0">')).toBe(false);
  });
});

describe("followed addresses", () => {
  it("are normalised: credentials and fragment removed, host lower-cased, https when no scheme", () => {
    expect(normaliseAddress(" HTTP://User:Pw@Blog.Example:80/Feed#top ")).toBe("http://blog.example/Feed");
    expect(normaliseAddress("blog.example/feed")).toBe("https://blog.example/feed");
  });

  it("refuse other schemes and overlong addresses", () => {
    expect(() => normaliseAddress("ftp://blog.example/feed")).toThrow("Only http(s) addresses can be followed");
    expect(() => normaliseAddress("data:text/xml,<rss/>")).toThrow("Only http(s) addresses can be followed");
    expect(() => normaliseAddress(`https://blog.example/${"a".repeat(2048)}`)).toThrow("at most 2048");
  });

  it("share one key per normalised address", () => {
    const key = memberFeedKey(normaliseAddress("https://Blog.Example/feed#x"));
    expect(key).toMatch(/^mf-[a-z0-9]{12}$/);
    expect(memberFeedKey(normaliseAddress("https://a:b@blog.example/feed"))).toBe(key);
    expect(memberFeedKey(normaliseAddress("https://blog.example/other"))).not.toBe(key);
  });
});
