import { escapeMarkup } from "../lib/markup.ts";
import { sampleArticles } from "./articles.ts";
import type { SampleArticle } from "./sample-article.ts";

const HOUR = 3_600_000;

/**
 * Searched everywhere: each is at its traffic in its home country (the title's place in
 * the list, round the five) and at a tenth of it elsewhere, so the page shows every country.
 */
const everywhere: ReadonlyArray<readonly [title: string, traffic: number]> = [
  ["bitcoin price", 2_000_000],
  ["ethereum upgrade", 500_000],
  ["solana memecoin", 200_000],
  ["xrp news", 200_000],
  ["stablecoin bill", 100_000],
  ["dogecoin", 100_000],
  ["crypto etf", 50_000],
  ["nft art sale", 50_000],
  ["cardano vote", 20_000],
  ["bitcoin halving", 20_000],
  ["lightning network", 10_000],
  ["airdrop checker", 10_000],
  ["crypto wallet", 5_000],
  ["blockchain", 5_000],
  ["bitcoin dominance", 2_000],
];

/** Searched in one country only. */
const local: Readonly<Record<string, ReadonlyArray<readonly [title: string, traffic: number]>>> = {
  US: [
    ["spot etf flows", 500_000],
    ["coinbase outage", 100_000],
    ["fed rate decision", 50_000],
    ["bitcoin cash fork", 20_000],
    ["mining difficulty", 5_000],
  ],
  GB: [
    ["digital pound", 200_000],
    ["fca crypto rules", 50_000],
    ["revolut staking", 20_000],
    ["premier league nft", 10_000],
    ["isa crypto", 2_000],
  ],
  CA: [
    ["loonie bitcoin", 100_000],
    ["wealthsimple crypto", 50_000],
    ["bank of canada rate", 20_000],
    ["avalanche crypto", 10_000],
    ["toronto blockchain week", 1_000],
  ],
  AU: [
    ["asx bitcoin fund", 200_000],
    ["ato crypto tax", 50_000],
    ["aussie dollar", 20_000],
    ["sydney nft show", 5_000],
    ["pokies ban", 2_000],
  ],
  IN: [
    ["rupee stablecoin", 500_000],
    ["sensex today", 200_000],
    ["wazirx refund", 50_000],
    ["ipl crypto sponsor", 20_000],
    ["upi crypto", 5_000],
  ],
};

const countries = ["US", "GB", "CA", "AU", "IN"];

/** Google's way of writing traffic: '2M+', '200K+', '500+'. */
function trafficText(searches: number): string {
  if (searches >= 1_000_000) return `${searches / 1_000_000}M+`;
  if (searches >= 1_000) return `${searches / 1_000}K+`;
  return `${searches}+`;
}

/** A sample article about the trend (one sharing a word with it), for its news item and picture. */
/** Words too common to tie a trend to an article ("sensex today" is not about a frog token "today"). */
const COMMON = new Set(["today", "news", "price", "live", "update", "sale"]);

/** The sample articles whose pages are there to link to. */
const withPages = sampleArticles.filter((article) => !article.pageGone);

/** The sample article a trend's news item points to: one whose title has a word of the trend's, whole. */
function articleFor(title: string, index: number): SampleArticle {
  const words = title
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 3 && !COMMON.has(word));
  return (
    withPages.find((article) => {
      const titleWords = new Set(article.title.toLowerCase().split(/[^\p{L}\p{N}]+/u));
      return words.some((word) => titleWords.has(word));
    }) ?? (withPages[index % withPages.length] as SampleArticle)
  );
}

function item(title: string, searches: number, published: number, index: number, base: string): string {
  const article = articleFor(title, index);
  const picture = article.picture
    ? `<ht:picture>${base}/samples/images/${article.picture}.svg</ht:picture><ht:picture_source>${escapeMarkup(article.source)}</ht:picture_source>`
    : "";
  return `<item><title>${escapeMarkup(title)}</title><ht:approx_traffic>${trafficText(searches)}</ht:approx_traffic>
  <pubDate>${new Date(published).toUTCString()}</pubDate>
  ${picture}
  <ht:news_item><ht:news_item_title>${escapeMarkup(article.title)}</ht:news_item_title><ht:news_item_url>${base}/samples/articles/${article.slug}</ht:news_item_url><ht:news_item_source>${escapeMarkup(article.source)}</ht:news_item_source></ht:news_item></item>`;
}

/**
 * Daily search trends in the shape of Google Trends' RSS, per country: the trends searched
 * everywhere (the first ten over the last day, the rest over the week before) and the
 * country's own, so every period and both pages of the Search Trends page have some.
 */
export function renderTrends(geo: string, base: string, now = Date.now()): string {
  const home = countries.indexOf(geo);
  const offset = Math.max(0, home) * 0.5;
  const shared = everywhere.map(([title, traffic], i) => {
    const ago = i < 10 ? i * 2 + offset : 24 + (i - 10) * 28 + offset;
    return item(title, i % countries.length === home ? traffic : traffic / 10, now - ago * HOUR, i, base);
  });
  const own = (local[geo] ?? []).map(([title, traffic], j) =>
    item(title, traffic, now - (j * 5 + 1 + offset) * HOUR, j, base),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:ht="https://trends.google.com/trending/rss"><channel><title>Daily Search Trends</title><link>${base}/</link><description>Sample search trends for ${escapeMarkup(geo)}</description>
${[...shared, ...own].join("\n")}
</channel></rss>`;
}

const realtime: ReadonlyArray<readonly [title: string, traffic: string]> = [
  ["Bitcoin, ETF, BlackRock", "200K+"],
  ["Solana, Memecoin, Pump", "100K+"],
  ["Ethereum, Staking, Lido", "50K+"],
  ["Ripple, SEC", "20K+"],
];

/**
 * Real-time trends in the shape of Google's story summaries, behind Google's
 * `)]}'` prefix: trending now in the US.
 */
export function renderRealtimeTrends(base: string): string {
  const trendingStories = realtime.map(([title, traffic], i) => {
    const article = articleFor(title.split(",")[0]?.toLowerCase() ?? title, i);
    return {
      title,
      entityNames: [{ entityTraffic: traffic, title: title.split(",")[0] }],
      image: article.picture
        ? { imgUrl: `${base}/samples/images/${article.picture}.svg`, source: article.source }
        : undefined,
      articles: [
        { articleTitle: article.title, url: `${base}/samples/articles/${article.slug}`, source: article.source },
      ],
    };
  });
  return `)]}'\n${JSON.stringify({ storySummaries: { trendingStories } })}`;
}
