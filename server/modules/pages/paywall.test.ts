import { describe, expect, it } from "vitest";
import type { PageArticle } from "../../lib/article-read.ts";
import { BODY } from "../reader/fixtures/pages.ts";
import { paywallReason } from "./paywall.ts";

const article = (paragraphs: string[]): PageArticle => ({
  title: "A title",
  headline: "A title",
  excerpt: "",
  paragraphs,
  image: null,
  author: "",
  lang: "en",
});

describe("paywall heuristic", () => {
  it("takes the page's own word that it is not free", () => {
    const html = `<script type="application/ld+json">{"isAccessibleForFree": "False"}</script>`;
    expect(paywallReason(html, article(BODY))).toBe(
      "it is behind a paywall: the site says only subscribers can read it",
    );
  });

  it("sees a subscribe-to-continue line at the end of a short text, but not in a whole article", () => {
    const line = "Already a subscriber? Log in to keep reading.";
    expect(paywallReason("", article([...BODY.slice(0, 2), line]))).toMatch(/^it appears to be behind a paywall/);
    const long = Array.from({ length: 8 }, () => BODY.join(" "));
    expect(paywallReason("", article([...long, line]))).toBeNull();
  });

  it("calls a line a teaser, but not a short brief, even of one paragraph", () => {
    expect(paywallReason("", article(["Harbourline said something on Tuesday."]))).toMatch(
      /^only a few lines of text could be read from it \(38 characters\)/,
    );
    expect(paywallReason("", article(BODY.slice(0, 2).map((text) => text.slice(0, 150))))).toBeNull();
    const oneParagraph = "The vote passed with 92% support, and $JUP rose 8% on the day, traders said on Monday.";
    expect(paywallReason("", article([oneParagraph]))).toBeNull();
    const brief = ["Bitcoin rose 3% on Monday.", "Traders cited ETF inflows.", "Ether followed it up by 2%."];
    expect(paywallReason("", article(brief))).toBeNull();
    expect(paywallReason("", article(["Up.", "Down.", "Flat."]))).not.toBeNull();
    expect(paywallReason("", article(BODY))).toBeNull();
  });
});
