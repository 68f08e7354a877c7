import { describe, expect, it } from "vitest";
import { type PageArticle, readArticle } from "./article-read.ts";

const SENTENCE =
  "The exchange said on Tuesday that customer withdrawals would resume once the upgrade of its wallet software was complete.";
const OTHER =
  "Engineers had paused every transfer on Monday evening after noticing a fault in the signing service used by its hot wallets.";

const page = (body: string, head = "<title>Withdrawals resume | Example News</title>", lang = "en") =>
  `<!doctype html><html lang="${lang}"><head>${head}</head><body>${body}</body></html>`;

function read(html: string, bodyOnly: boolean): PageArticle {
  const outcome = readArticle(html, "https://news.example/a", { bodyOnly });
  if ("unreadable" in outcome) throw new Error(outcome.unreadable);
  return outcome.article;
}

const ARTICLE = page(`<main><article>
  <h1>Withdrawals resume</h1>
  <p>${SENTENCE}</p>
  <figure><img src="/a.jpg" alt=""><figcaption>A trader looks at screens in a busy office in the city.</figcaption></figure>
  <h2>What happened</h2>
  <div class="share-tools"><p>Share this story with your friends and colleagues on every network you use.</p></div>
  <p>${OTHER}</p>
  <p>${SENTENCE.replace("Tuesday", "Wednesday")}</p>
</article></main>`);

describe("readArticle", () => {
  it("keeps headings and captions for Extract (a post shows them)", () => {
    const { paragraphs } = read(ARTICLE, false);
    expect(paragraphs).toContain("What happened");
    expect(paragraphs).toContain("A trader looks at screens in a busy office in the city.");
  });

  it("keeps only the running text when reading the body only", () => {
    expect(read(ARTICLE, true).paragraphs).toEqual([SENTENCE, OTHER, SENTENCE.replace("Tuesday", "Wednesday")]);
  });

  it("reads only the page's one marked <article>, not a notice beside it, however short the article", () => {
    const notice = "This page is part of the reader's offline demo and was written for it by the team.";
    const html = page(`<p class="notice">${notice} <a href="/">Back home</a></p>
      <div><p>${notice.replace("page", "site")}</p><article><h1>Withdrawals resume</h1><p>${SENTENCE}</p><p>${OTHER}</p></article></div>`);
    expect(read(html, true).paragraphs).toEqual([SENTENCE, OTHER]);
    // Two articles (a list of teasers, say) mark no one article: nothing is taken out for it.
    const teasers = page(`<p>${notice}</p><article><p>${SENTENCE}</p></article><article><p>${OTHER}</p></article>`);
    expect(read(teasers, true).paragraphs.join(" ")).toContain(SENTENCE);
  });

  it("removes a block named as boilerplate only while it is small: a big one may be the article", () => {
    const body = Array.from({ length: 30 }, (_, i) => `<p>${i} ${SENTENCE}</p>`).join("");
    const { paragraphs } = read(page(`<div class="article share-enabled">${body}</div>`), true);
    expect(paragraphs).toHaveLength(30);
  });

  it("takes the headline from og:title, else the <h1> the <title> starts with, else the title", () => {
    expect(read(ARTICLE, true).headline).toBe("Withdrawals resume");
    const social = page(
      `<article><h1>Other</h1><p>${SENTENCE}</p><p>${OTHER}</p></article>`,
      '<meta property="og:title" content="From og:title"><title>T</title>',
    );
    expect(read(social, true).headline).toBe("From og:title");
    const unrelated = page(
      `<article><h1>Section</h1><p>${SENTENCE}</p><p>${OTHER}</p></article>`,
      "<title>Withdrawals resume today</title>",
    );
    expect(read(unrelated, true).headline).toBe("Withdrawals resume today");
  });

  it("reports the page's language as a canonical tag, or none", () => {
    expect(read(page(`<article><p>${SENTENCE}</p></article>`, "<title>T</title>", "de_de"), true).lang).toBe("de-DE");
    expect(read(page(`<article><p>${SENTENCE}</p></article>`, "<title>T</title>", "not a language"), true).lang).toBe(
      "",
    );
  });
});
