import { describe, expect, it } from "vitest";
import { parseFeed } from "../../lib/feed-reader/parse-feed.ts";
import { decodeXmlEntities } from "../../lib/feed-reader/xml.ts";
import { withTestApp } from "../../test/app.ts";
import { contentTestApp } from "../../test/content.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { insertPostIfSlugFree } from "./blog-repository.ts";

/** What a browser would read as markup: a start or end tag, a comment or declaration, a processing instruction. */
const LIVE_TAG = /<\/?[a-zA-Z][^<>]*>|<![^<>]*>|<\?[^<>]*>/;

/** The text of each `<name>` element of each item, decoded once as an XML reader does. */
const elements = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, "g"))].map((m) => decodeXmlEntities(m[1] as string));
const items = (xml: string) => [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1] as string);

describe.each(testDatabaseTargets())("blog RSS feed on $dialect", (target) => {
  const ctx = contentTestApp(target, { PUBLIC_URL: "https://gemwire.example/news" });
  const feed = () => ctx.as("visitor", { method: "GET", url: "/feeds/blog.xml" });

  it("publishes the newest posts with links under PUBLIC_URL, dates, excerpts and tags as categories", async () => {
    const image = (
      await ctx.app.inject({
        method: "POST",
        url: "/api/admin/blog/images",
        cookies: ctx.cookies.admin,
        ...(await uploadablePng()),
      })
    ).json().image;
    await ctx.admin({
      method: "POST",
      url: "/api/admin/blog",
      payload: { title: "Older", excerpt: "First", date: "2026-01-01T10:00:00Z", author: "Ada", tags: "btc, eth" },
    });
    await ctx.admin({
      method: "POST",
      url: "/api/admin/blog",
      payload: { title: "Newer", excerpt: "Second", date: "2026-02-01T10:00:00Z", image },
    });
    const response = await feed();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=300");
    // With PUBLIC_URL the links do not depend on the Host header.
    expect(String(response.headers.vary ?? "")).not.toMatch(/\bHost\b/i);
    const xml = response.body;
    expect(xml).toContain("<link>https://gemwire.example/news/blog</link>");
    expect(xml).toContain('<atom:link href="https://gemwire.example/news/feeds/blog.xml" rel="self"');
    const [newer, older] = items(xml);
    expect(elements(newer as string, "title")).toEqual(["Newer"]);
    expect(elements(newer as string, "link")).toEqual(["https://gemwire.example/news/blog/newer"]);
    expect(newer).toContain(`<media:content url="https://gemwire.example/news${image}" medium="image"/>`);
    expect(elements(newer as string, "category")).toEqual([]);
    expect(elements(older as string, "link")).toEqual(["https://gemwire.example/news/blog/older"]);
    expect(elements(older as string, "description")).toEqual(["First"]);
    expect(elements(older as string, "pubDate")).toEqual(["Thu, 01 Jan 2026 10:00:00 GMT"]);
    expect(elements(older as string, "category")).toEqual(["btc", "eth"]);
    expect(elements(older as string, "dc:creator")).toEqual(["Ada"]);
    // Any feed reader reads it back.
    const read = parseFeed(xml, { fetchedAt: new Date() });
    expect(read.map((item) => [item.title, item.link])).toEqual([
      ["Newer", "https://gemwire.example/news/blog/newer"],
      ["Older", "https://gemwire.example/news/blog/older"],
    ]);
  });

  it("escapes hostile titles, excerpts, authors and tags: nothing comes out as markup", async () => {
    await ctx.admin({
      method: "POST",
      url: "/api/admin/blog",
      payload: {
        title: '<script>alert(1)</script> & "quotes" ]]> <!-- x',
        excerpt: "a<b & <img src=x onerror=alert(1)> \uFFFE",
        author: "<b>Mallory</b>",
        tags: "<i>tag</i>, a&b",
        date: "2030-01-01T00:00:00Z",
      },
    });
    const xml = (await feed()).body;
    const [hostile] = items(xml);
    // Titles and descriptions are escaped as HTML, then as XML (readers treat them as HTML):
    // decoded once, as a reader does, they hold no markup.
    for (const html of [...elements(hostile as string, "title"), ...elements(hostile as string, "description")]) {
      expect(html).not.toMatch(LIVE_TAG);
    }
    expect(elements(hostile as string, "title")).toEqual([
      "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; ]]&gt; &lt;!-- x",
    ]);
    expect(elements(hostile as string, "description")).toEqual(["a&lt;b &amp; &lt;img src=x onerror=alert(1)&gt; "]);
    // Authors and tags are text in XML: escaped once, read back as written.
    expect(elements(hostile as string, "dc:creator")).toEqual(["<b>Mallory</b>"]);
    expect(elements(hostile as string, "category")).toEqual(["<i>tag</i>", "a&b"]);
    expect(xml).not.toContain("\uFFFE");
    expect(parseFeed(xml, { fetchedAt: new Date() })[0]?.link).toBe(
      "https://gemwire.example/news/blog/script-alert-1-script-quotes-x",
    );
  });

  it("carries the 50 newest posts only", async () => {
    await ctx.database.db.deleteFrom("blog_posts").execute();
    const now = Date.UTC(2026, 5, 1);
    for (let i = 0; i < 52; i++) {
      await insertPostIfSlugFree(ctx.database, {
        id: `p${String(i).padStart(2, "0")}`,
        slug: `post-${i}`,
        title: `Post ${i}`,
        excerpt: "",
        content: "x".repeat(10_000),
        author: "",
        date: now + i * 60_000,
        tags: "[]",
        image: null,
        created_at: now,
        updated_at: now,
      });
    }
    const titles = elements(items((await feed()).body).join(""), "title");
    expect(titles).toHaveLength(50);
    expect(titles[0]).toBe("Post 51");
    expect(titles.at(-1)).toBe("Post 2");
  });
});

describe("blog RSS feed with ACCESS_MODE=members", () => {
  it("is behind sign-in, like Gemwire's own feed", async () => {
    await withTestApp({ ACCESS_MODE: "members" }, async (app) => {
      const response = await app.inject({ method: "GET", url: "/feeds/blog.xml" });
      expect(response.statusCode).toBe(401);
    });
  });
});

async function uploadablePng() {
  const { default: sharp } = await import("sharp");
  const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#123456" } })
    .png()
    .toBuffer();
  const boundary = "----feed-boundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
