import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contentParagraphs } from "../../../contracts/content-catalog.ts";
import { openSession } from "../../lib/sessions/sessions.ts";
import { withTestApp } from "../../test/app.ts";
import { contentTestApp } from "../../test/content.ts";
import { testDatabaseTargets } from "../../test/databases.ts";

const LONG =
  "Spot bitcoin exchange-traded funds took in more than $500 million on Monday, the first day of net inflows in three weeks, as the price climbed back above its level of early March.";
const LONGER =
  "Analysts said the flows reflect renewed demand from advisers and pension funds, who had paused their purchases while the market digested the latest inflation figures and rate decisions.";

const ARTICLE = `<!doctype html>
<html><head>
<meta charset="utf-8">
<title>Bitcoin ETF flows turn positive | Example News</title>
<meta property="og:title" content="Bitcoin ETF flows turn positive">
<meta name="description" content="Inflows returned for the first time in weeks.">
<meta property="og:image" content="https://cdn.example/images/lead.jpg">
<meta name="author" content="Jane Doe">
<style>body { color: red } .STYLE-IN-HEAD {}</style>
<script>window.SCRIPT_IN_HEAD = 1</script>
</head><body>
<nav><a href="/">Home</a> <a href="/markets">Markets</a></nav>
<article>
<h1>Bitcoin ETF flows turn positive</h1>
<p>${LONG}</p>
<script>document.write("SCRIPT-IN-BODY")</script>
<p>${LONGER.replace("renewed demand", "<em>renewed</em> demand")}<br>A second line, &lt;b&gt;not bold&lt;/b&gt;.</p>
<style>.STYLE-IN-BODY { display: none }</style>
<ul><li>First point of the list</li><li>Second point of the list</li></ul>
<noscript>NOSCRIPT-IN-BODY</noscript>
<p>${LONG.replace("Monday", "Tuesday")}</p>
</article>
<footer>Copyright Example News</footer>
</body></html>`;

const page = (body: string, image = "") =>
  `<!doctype html><html><head><title>T</title>${image}</head><body><article><p>${body}</p><p>${LONGER}</p></article></body></html>`;

type Route = (request: http.IncomingMessage, response: http.ServerResponse) => void;

const html =
  (body: string | Buffer, type = "text/html; charset=utf-8"): Route =>
  (_, response) => {
    if (type) response.setHeader("content-type", type);
    response.end(body);
  };

const routes: Record<string, Route> = {
  "/article": html(ARTICLE),
  "/moved": (_, response) => {
    response.writeHead(302, { location: "/news/2026/article" });
    response.end();
  },
  "/news/2026/article": html(
    page(
      LONG,
      '<meta property="og:image" content="lead.png"><meta name="twitter:image" content="//cdn.example/t.png">',
    ),
  ),
  "/latin1": html(
    Buffer.from(
      `<html><head><meta charset="iso-8859-1"><title>Caf\xe9 cr\xe8me</title></head><body><p>${LONG} Caf\xe9.</p><p>${LONGER}</p></body></html>`,
      "latin1",
    ),
    "text/html",
  ),
  "/untyped": html(page(LONG), ""),
  "/hostile-image": html(
    page(
      LONG,
      '<meta property="og:image" content="javascript:alert(1)"><meta name="twitter:image" content="https://cdn.example/t.png">',
    ),
  ),
  "/data-image": html(page(LONG, '<meta property="og:image" content="data:image/png;base64,AAAA">')),
  "/controls": html(page(`${LONG} Bell\u0007 and &#1; and \u0085 and &#xD800; gone.`)),
  "/deep": html(`<html><body>${"<div>".repeat(20_000)}<p>${LONG}</p>${"</div>".repeat(20_000)}</body></html>`),
  "/big": html(
    `<html><body><article>${Array.from({ length: 10_000 }, (_, i) => `<div><p>${i} ${LONG}</p></div>`).join("")}</article></body></html>`,
  ),
  "/plain": html("Just text, not a page.", "text/plain"),
  "/pdf": html(Buffer.from("%PDF-1.7"), "application/pdf"),
  "/empty": html("<!doctype html><html><head></head><body></body></html>"),
  "/huge": html(`<html><body><p>${"a".repeat(3 * 1024 * 1024)}</p></body></html>`),
  "/server-error": (_, response) => {
    response.writeHead(500, { "content-type": "text/html" });
    response.end("<html><body>Oops</body></html>");
  },
};

let server: http.Server;
let origin = "";

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const route = routes[new URL(request.url ?? "/", "http://x").pathname];
    if (route) return route(request, response);
    response.writeHead(404, { "content-type": "text/html" });
    response.end("<html><body><h1>Not found</h1></body></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe.each(testDatabaseTargets())("Extract on $dialect", (target) => {
  const ctx = contentTestApp(target, { ALLOW_PRIVATE_SOURCES: "1" });
  const extract = (url: string) =>
    ctx.as("admin", { method: "POST", url: "/api/admin/blog/extract", payload: { url } });

  beforeEach(async () => {
    await ctx.database.db.deleteFrom("rate_limits").execute();
  });

  it("fills the blog form from an article page: title, excerpt, plain paragraphs, lead image and author", async () => {
    const response = await extract(`${origin}/article`);
    expect(response.statusCode).toBe(200);
    const extracted = response.json();
    expect(extracted).toEqual({
      title: "Bitcoin ETF flows turn positive",
      excerpt: "Inflows returned for the first time in weeks.",
      content: expect.any(String),
      image: "https://cdn.example/images/lead.jpg",
      author: "Jane Doe",
    });
    expect(contentParagraphs(extracted.content)).toEqual([
      LONG,
      `${LONGER}\nA second line, <b>not bold</b>.`,
      "First point of the list",
      "Second point of the list",
      LONG.replace("Monday", "Tuesday"),
    ]);
    for (const hidden of ["SCRIPT", "STYLE", "NOSCRIPT", "Home", "Markets", "Copyright", "<em>", "<p>"]) {
      expect(extracted.content).not.toContain(hidden);
    }
  });

  it("saves what it extracted as a post unchanged", async () => {
    for (const path of ["/article", "/controls"]) {
      const extracted = (await extract(`${origin}${path}`)).json();
      const saved = await ctx.admin({ method: "POST", url: "/api/admin/blog", payload: extracted });
      expect(saved).toMatchObject(extracted);
    }
  });

  it("drops control characters and broken characters from the text", async () => {
    const { content } = (await extract(`${origin}/controls`)).json();
    expect(content).toContain("Bell and and and");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
    expect(content).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ud800-\udfff]/);
  });

  it("follows redirects and resolves images against the page's final address, keeping https ones only", async () => {
    // lead.png resolves to http://127.0.0.1/news/2026/lead.png, which the pages' CSP would
    // never load; //cdn.example/t.png resolves to http too; so no image.
    const { image, title } = (await extract(`${origin}/moved`)).json();
    expect(title).not.toBe("");
    expect(image).toBeNull();
  });

  it("keeps only https images, taking the next one the page names", async () => {
    expect((await extract(`${origin}/hostile-image`)).json().image).toBe("https://cdn.example/t.png");
    expect((await extract(`${origin}/data-image`)).json().image).toBeNull();
  });

  it("reads the charset a page declares in a <meta>", async () => {
    const { title, content } = (await extract(`${origin}/latin1`)).json();
    expect(title).toBe("Café crème");
    expect(content).toContain("Café.");
  });

  it("reads a page sent without a content type when it is HTML", async () => {
    expect((await extract(`${origin}/untyped`)).json().content).toContain(LONG);
  });

  it("reads a big page (1.8 MB, 10,000 paragraphs) off the main thread, keeping 100,000 characters", async () => {
    const response = await extract(`${origin}/big`);
    expect(response.statusCode).toBe(200);
    const { content } = response.json();
    expect(content.length).toBeLessThanOrEqual(100_000);
    expect(contentParagraphs(content).length).toBeGreaterThan(400);
    expect(contentParagraphs(content)[0]).toBe(`0 ${LONG}`);
  });

  it("gives up on elements nested 20,000 deep, at once, with why", async () => {
    const started = Date.now();
    const response = await extract(`${origin}/deep`);
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe(
      "Could not read that page: its elements nest more than 400 deep, too deep to read",
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.each([
    ["/plain", "Could not read that page: it is not a web page (text/plain)"],
    ["/pdf", "Could not read that page: it is not a web page (application/pdf)"],
    ["/missing", "answered HTTP 404 (not found)"],
    ["/server-error", "answered HTTP 500"],
    ["/huge", "Could not read that page: it is larger than 2 MB"],
    ["/empty", "Could not read that page: no article was found on it"],
  ])("answers %s with 502 and why", async (path, message) => {
    const response = await extract(`${origin}${path}`);
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe("bad_gateway");
    expect(response.json().error.message).toContain(message);
  });

  it("answers an unreachable host with 502 and its name", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const response = await extract(`http://127.0.0.1:${port}/gone`);
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe(`Could not read that page: 127.0.0.1:${port} refused the connection`);
  });

  it.each([
    ["javascript:alert(1)", "body.url: url must be an http(s) address"],
    ["file:///etc/passwd", "body.url: url must be an http(s) address"],
    ["not a url", "body.url: url must be an http(s) address"],
    [`https://a.example/${"x".repeat(3000)}`, "body.url: url must be at most 2048 characters"],
    ["https://a.example/\u0000", "body.url: Must not contain control characters"],
    ["https://user:secret@a.example/", "Could not read that page: addresses with credentials are not fetched"],
  ])("refuses %s with 400", async (url, message) => {
    const response = await extract(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });

  it("limits Extract to 30 pages in 10 minutes per admin session, whatever they answer", async () => {
    for (let i = 0; i < 30; i++) {
      const response = await ctx.app.inject({
        method: "POST",
        url: "/api/admin/blog/extract",
        payload: { url: `${origin}/plain` },
        cookies: ctx.cookies.admin,
        remoteAddress: `198.18.5.${i}`,
      });
      expect(response.statusCode).toBe(502);
    }
    const refused = await extract(`${origin}/article`);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toEqual(expect.any(String));
  });
});

describe("Extract without ALLOW_PRIVATE_SOURCES", () => {
  it.each([[{}], [{ SAMPLE_MODE: "1" }]])("refuses loopback and private addresses with 400 (env %j)", async (env) => {
    await withTestApp(env, async (app, database) => {
      const cookies = { gemwire_admin: await openSession(database, { admin: true }) };
      for (const url of [`${origin}/article`, "http://10.0.0.1/a", "http://[::1]/a", "http://169.254.169.254/latest"]) {
        const response = await app.inject({
          method: "POST",
          url: "/api/admin/blog/extract",
          payload: { url },
          cookies,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.message).toBe(
          "Could not read that page: the address points into a private or local network, which Gemwire does not fetch (ALLOW_PRIVATE_SOURCES=1 allows it)",
        );
      }
    });
  });
});
