import { escapeMarkup } from "../lib/markup.ts";
import { sampleArticles } from "./articles.ts";
import type { SampleArticle } from "./sample-article.ts";

/** The sample article whose page is at /samples/articles/<slug>; none for one its outlet has taken down. */
export function findSampleArticle(slug: string): SampleArticle | undefined {
  return sampleArticles.find((article) => article.slug === slug && !article.pageGone);
}

/**
 * The sample article pages' stylesheet: plain and dark like the app. Served by this server
 * (/samples/article.css), so the pages keep the app's Content-Security-Policy (decision 005).
 */
export const articleStylesheet = `:root { color-scheme: dark; }
body { margin: 0; background: #09090b; color: #e4e4e7; font: 17px/1.65 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.notice { margin: 0; padding: 6px 16px; background: #18181b; border-bottom: 1px solid #27272a; color: #a1a1aa; font-size: 14px; text-align: center; }
.notice a { color: #34d399; }
article { max-width: 42rem; margin: 0 auto; padding: 40px 20px 64px; }
h1 { margin: 0 0 12px; color: #fafafa; font-size: clamp(1.6rem, 4vw, 2.25rem); line-height: 1.2; letter-spacing: -0.01em; }
.byline { margin: 0 0 28px; color: #a1a1aa; font-size: 15px; }
.byline strong { color: #34d399; font-weight: 600; }
p { margin: 0 0 1.1em; }
a { color: #34d399; }
a:focus-visible { outline: 2px solid #34d399; outline-offset: 2px; }
`;

/** A plain article page, so links from the sample feeds lead somewhere readable offline. */
export function renderArticlePage(article: SampleArticle): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeMarkup(article.title)} — ${escapeMarkup(article.source)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<link rel="stylesheet" href="/samples/article.css"></head>
<body><p class="notice">Sample article, invented for Gemwire's offline demo · <a href="/">Back to Gemwire</a></p>
<article><h1>${escapeMarkup(article.title)}</h1>
<p class="byline">By ${escapeMarkup(article.creator)} · <strong>${escapeMarkup(article.source)}</strong> · Gemwire sample article</p>
${article.body.map((paragraph) => `<p>${escapeMarkup(paragraph)}</p>`).join("\n")}
</article></body></html>`;
}

const palettes: Record<string, [string, string]> = {
  BTC: ["#f7931a", "#7a3e00"],
  ETH: ["#627eea", "#1e2a66"],
  SOL: ["#14f195", "#6b2fd6"],
  XRP: ["#23292f", "#5c6670"],
  USDC: ["#2775ca", "#0b2f5c"],
  DOGE: ["#c2a633", "#5e4f12"],
  ADA: ["#0033ad", "#001a57"],
  NFT: ["#ff4f8b", "#5b1fd6"],
  JUP: ["#c7f284", "#1d4d4a"],
};

/** A generated picture for a sample article: a gradient with the token's symbol. */
export function renderPicture(symbol: string): string | undefined {
  const colors = palettes[symbol];
  if (!colors) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/>
<text x="600" y="360" font-family="Helvetica, Arial, sans-serif" font-size="180" font-weight="700" fill="#ffffff" fill-opacity="0.9" text-anchor="middle">${symbol}</text>
</svg>`;
}
