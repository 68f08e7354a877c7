import type { SampleArticle } from "./sample-article.ts";

/**
 * Sample articles written for Gemwire's offline demo. Several outlets cover the same
 * story under slightly different headlines, so stories form; times are relative to now,
 * so the demo always looks current. Outlets, authors and articles are all invented —
 * no real outlet or journalist is named — and every outlet's home is on a `.example`
 * host; the articles themselves are pages this server serves under /samples/articles.
 */
import { singleArticles } from "./single-articles.ts";

/** The invented outlets and their made-up homes (reserved `.example` hosts, RFC 2606). */
export const sampleOutlets: Readonly<Record<string, string>> = {
  "Blockline Daily": "https://blockline.example/",
  "Hashgate News": "https://hashgate.example/",
  Chainpost: "https://chainpost.example/",
  "Orange Pill Review": "https://orangepill.example/",
  "Coin Lab": "https://coinlab.example/",
  "Token Ticker": "https://tokenticker.example/",
  "Mempool Watch": "https://mempoolwatch.example/",
  "Altcoin Almanac": "https://altcoinalmanac.example/",
  "Pixel Mint": "https://pixelmint.example/",
  "Meme Pond": "https://memepond.example/",
  "@pixelmint": "https://pixelmint.example/",
  "@chartclips": "https://chartclips.example/",
  "@blocklinedaily": "https://blockline.example/",
};

type Story = {
  picture: string;
  summary: string;
  body: string[];
  variants: Array<[feed: SampleArticle["feed"], title: string, source: string, creator: string, hoursAgo: number]>;
};

const stories: Story[] = [
  {
    picture: "BTC",
    summary: "Spot bitcoin ETFs took in more than $1.2 billion in a single session as the price pushed to a new high.",
    body: [
      "Bitcoin climbed to a fresh all-time high on Sunday as spot exchange-traded funds recorded their largest single-day inflow in months.",
      "Analysts pointed to steady institutional demand and shrinking exchange balances, while derivatives data showed funding rates rising but not yet stretched.",
      "Some traders warned that a quick move above resistance often brings a pullback as short-term holders take profit.",
    ],
    variants: [
      ["bitcoin", "Bitcoin hits record high as spot ETF inflows top $1.2 billion", "Blockline Daily", "Mara Quill", 2],
      ["bitcoin", "Bitcoin hits new record high as ETF inflows top $1.2 billion", "Hashgate News", "Teo Vance", 3],
      ["news", "Bitcoin sets record high as spot ETF inflows top $1.2B", "Chainpost", "Juniper Hale", 2.5],
      [
        "bitcoin",
        "Bitcoin hits record high while spot ETF inflows top $1.2 billion",
        "Orange Pill Review",
        "Oren Birch",
        4,
      ],
    ],
  },
  {
    picture: "ETH",
    summary: "Ethereum developers set a mainnet date for the next upgrade after two clean testnet forks.",
    body: [
      "Ethereum core developers agreed on a mainnet activation date for the network's next hard fork after it ran without issues on two public testnets.",
      "The upgrade raises the blob limit for rollups and includes changes to validator withdrawals.",
      "Client teams asked node operators to update their software at least a week before the fork.",
    ],
    variants: [
      ["news", "Ethereum developers set mainnet date for next upgrade", "Blockline Daily", "Ines Calder", 6],
      ["news", "Ethereum devs set mainnet date for the next upgrade", "Hashgate News", "Rafe Lindqvist", 7],
      ["youtube", "Ethereum developers set mainnet date for next upgrade: what changes", "Coin Lab", "Coin Lab", 9],
    ],
  },
  {
    picture: "SOL",
    summary: "A new Solana memecoin drew more than $400 million in trading volume on its first day.",
    body: [
      "A dog-themed memecoin launched on a Solana launchpad passed $400 million in trading volume within 24 hours.",
      "On-chain data showed a handful of early wallets holding a large share of supply, a common risk with new tokens.",
      "Solana's decentralised exchanges posted their busiest day of the month on the back of the launch.",
    ],
    variants: [
      ["search", "New Solana memecoin tops $400 million volume on day one", "Token Ticker", "Priya Castell", 5],
      ["search", "Solana memecoin tops $400 million in volume on its first day", "Chainpost", "Noor Ellery", 6],
      ["animalmemes", "New Solana dog coin tops $400 million volume on day one", "Meme Pond", "/u/degen_dave", 5.5],
      ["xfeed", "New Solana memecoin tops $400 million volume on day one 👀", "Mempool Watch", "Mempool Watch", 4.5],
    ],
  },
  {
    picture: "XRP",
    summary: "XRP jumped after a court filing narrowed the remaining questions in a long-running case.",
    body: [
      "XRP rose sharply after a court filing narrowed the issues left in the long-running case between regulators and the company behind the token.",
      "Trading volume on major exchanges more than doubled, and open interest in XRP futures reached a yearly high.",
    ],
    variants: [
      ["news", "XRP jumps 12% after court filing narrows remaining issues", "Blockline Daily", "Dev Marlow", 8],
      ["market", "XRP jumps 12% as court filing narrows the remaining issues", "Token Ticker", "Kit Arden", 9],
      ["xfeed", "XRP jumps 12% after court filing narrows remaining issues", "Mempool Watch", "Mempool Watch", 8.5],
    ],
  },
  {
    picture: "USDC",
    summary: "Lawmakers advanced a stablecoin bill that sets reserve and disclosure rules for issuers.",
    body: [
      "A congressional committee advanced a bill that would set federal reserve, audit and disclosure requirements for stablecoin issuers.",
      "Industry groups welcomed the clarity; consumer advocates asked for stronger redemption guarantees.",
    ],
    variants: [
      ["news", "Stablecoin bill advances with new reserve rules for issuers", "Hashgate News", "Lena Fairweather", 11],
      ["news", "Stablecoin bill advances with reserve rules for issuers", "Chainpost", "Cal Merriweather", 12],
      [
        "market",
        "Stablecoin bill advances with new reserve rules for issuers: market impact",
        "Altcoin Almanac",
        "Sol Hartigan",
        13,
      ],
    ],
  },
  {
    picture: "NFT",
    summary: "A generative art collection sold out in minutes as NFT trading volume recovered.",
    body: [
      "A generative art collection by a well-known digital artist sold out in under ten minutes, with secondary sales above the mint price.",
      "Monthly NFT trading volume recovered to its highest level since spring, led by art and gaming collections.",
    ],
    variants: [
      [
        "nftart",
        "Generative art collection sells out in minutes as NFT volume recovers",
        "Pixel Mint",
        "Wren Okafor",
        10,
      ],
      ["nftart", "Generative art drop sells out in minutes as NFT volume recovers", "Chainpost", "Milo Ashdown", 14],
      [
        "instagram",
        "Generative art collection sells out in minutes as NFT volume recovers ✨",
        "@pixelmint",
        "Pixel Mint",
        12,
      ],
    ],
  },
  {
    picture: "DOGE",
    summary: "Dogecoin rallied alongside other dog-themed tokens as memecoin trading picked up.",
    body: [
      "Dogecoin led a rally in dog-themed tokens, rising more than 15% as memecoin trading volume picked up across exchanges.",
      "Social media mentions of the token hit a three-month high, according to analytics firms.",
    ],
    variants: [
      ["animalmemes", "Dogecoin leads dog coin rally with 15% jump", "Meme Pond", "/u/shibe_lord", 3],
      ["tiktok", "Dogecoin leads the dog coin rally with a 15% jump 🐕", "@chartclips", "Chart Clips", 4],
      [
        "market",
        "Dogecoin leads dog coin rally with 15% jump as memecoin volume rises",
        "Altcoin Almanac",
        "Tayo Brightwater",
        5,
      ],
    ],
  },
  {
    picture: "ADA",
    summary: "Cardano's governance vote passed, handing treasury decisions to on-chain representatives.",
    body: [
      "Cardano's first on-chain treasury vote passed, moving spending decisions to elected delegate representatives.",
      "Supporters called it a milestone for decentralised governance; critics noted low turnout among smaller holders.",
    ],
    variants: [
      ["news", "Cardano governance vote passes, handing treasury to on-chain reps", "Blockline Daily", "Ash Veran", 20],
      ["youtube", "Cardano governance vote passes, handing the treasury to on-chain reps", "Coin Lab", "Coin Lab", 22],
    ],
  },
];

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);
}

export const sampleArticles: readonly SampleArticle[] = [
  ...stories.flatMap((story) =>
    story.variants.map(([feed, title, source, creator, hoursAgo]) => ({
      feed,
      slug: `${slugify(source)}-${slugify(title)}`,
      title,
      source,
      creator,
      hoursAgo,
      picture: story.picture,
      summary: story.summary,
      body: story.body,
    })),
  ),
  ...singleArticles.map(([feed, title, source, creator, hoursAgo, picture, summary]) => ({
    feed,
    slug: `${slugify(source)}-${slugify(title)}`,
    title,
    source,
    creator,
    hoursAgo,
    picture,
    summary,
    body: [summary, "This is a sample article that ships with Gemwire for its offline demo."],
  })),
  // A page that fails, so the demo (and its journeys) show how the reader view says so.
  {
    feed: "news",
    slug: "chainpost-exchange-pulls-a-listing-notice-hours-after-posting-it",
    title: "Exchange pulls a listing notice hours after posting it",
    source: "Chainpost",
    creator: "Ines Marrow",
    hoursAgo: 40,
    summary:
      "Sample article whose page its outlet has taken down: opening it shows how Gemwire handles a page that fails.",
    body: [],
    pageGone: true,
  },
];
