import type { FeedKey } from "../../contracts/feeds.ts";

/**
 * Sample articles written for Gemwire's offline demo. Several outlets cover the same
 * story under slightly different headlines, so stories form; times are relative to now,
 * so the demo always looks current.
 */
import { singleArticles } from "./single-articles.ts";

export type SampleArticle = {
  feed: Exclude<FeedKey, "gemwire">;
  slug: string;
  title: string;
  source: string;
  creator: string;
  hoursAgo: number;
  /** Symbol shown on the generated picture; none for a picture-less item. */
  picture?: string;
  summary: string;
  /** Paragraphs of the article page. */
  body: string[];
  /** The outlet's own address, for articles whose page is not served by the demo. */
  link?: string;
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
      ["bitcoin", "Bitcoin hits record high as spot ETF inflows top $1.2 billion", "CoinDesk", "Helene Braun", 2],
      ["bitcoin", "Bitcoin hits new record high as ETF inflows top $1.2 billion", "The Block", "Danny Park", 3],
      ["news", "Bitcoin sets record high as spot ETF inflows top $1.2B", "Decrypt", "Mat Di Salvo", 2.5],
      [
        "bitcoin",
        "Bitcoin hits record high while spot ETF inflows top $1.2 billion",
        "Bitcoin Magazine",
        "Nik Hoffman",
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
      ["news", "Ethereum developers set mainnet date for next upgrade", "CoinDesk", "Margaux Nijkerk", 6],
      ["news", "Ethereum devs set mainnet date for the next upgrade", "The Block", "Brian McGleenon", 7],
      [
        "youtube",
        "Ethereum developers set mainnet date for next upgrade: what changes",
        "Coin Bureau",
        "Coin Bureau",
        9,
      ],
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
      ["search", "New Solana memecoin tops $400 million volume on day one", "Cointelegraph", "Zoltan Vardai", 5],
      ["search", "Solana memecoin tops $400 million in volume on its first day", "Decrypt", "Vismaya V", 6],
      ["animalmemes", "New Solana dog coin tops $400 million volume on day one", "r/memecoins", "/u/degen_dave", 5.5],
      ["xfeed", "New Solana memecoin tops $400 million volume on day one 👀", "Watcher.Guru", "Watcher.Guru", 4.5],
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
      ["news", "XRP jumps 12% after court filing narrows remaining issues", "CoinDesk", "Omkar Godbole", 8],
      ["market", "XRP jumps 12% as court filing narrows the remaining issues", "Cointelegraph", "Yashu Gola", 9],
      ["xfeed", "XRP jumps 12% after court filing narrows remaining issues", "Watcher.Guru", "Watcher.Guru", 8.5],
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
      ["news", "Stablecoin bill advances with new reserve rules for issuers", "The Block", "Sarah Wynn", 11],
      ["news", "Stablecoin bill advances with reserve rules for issuers", "Decrypt", "Jason Nelson", 12],
      [
        "market",
        "Stablecoin bill advances with new reserve rules for issuers: market impact",
        "CryptoSlate",
        "Liam Wright",
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
        "nft now",
        "Langston Thomas",
        10,
      ],
      ["nftart", "Generative art drop sells out in minutes as NFT volume recovers", "Decrypt", "Andrew Hayward", 14],
      [
        "instagram",
        "Generative art collection sells out in minutes as NFT volume recovers ✨",
        "@nftnow",
        "nft now",
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
      ["animalmemes", "Dogecoin leads dog coin rally with 15% jump", "r/memecoins", "/u/shibe_lord", 3],
      ["tiktok", "Dogecoin leads the dog coin rally with a 15% jump 🐕", "@cryptoclips", "Crypto Clips", 4],
      [
        "market",
        "Dogecoin leads dog coin rally with 15% jump as memecoin volume rises",
        "CryptoSlate",
        "Oluwapelumi Adejumo",
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
      ["news", "Cardano governance vote passes, handing treasury to on-chain reps", "CoinDesk", "Shaurya Malwa", 20],
      [
        "youtube",
        "Cardano governance vote passes, handing the treasury to on-chain reps",
        "Coin Bureau",
        "Coin Bureau",
        22,
      ],
    ],
  },
];

/**
 * Two articles from the outlets whose pages cannot be analysed (spec §2 Article card:
 * the bloomberg and wsj hosts), so the demo shows Analyze disabled. Their links lead to
 * the outlets themselves.
 */
const outletArticles: SampleArticle[] = [
  {
    feed: "news",
    slug: "wsj-wall-street-banks-weigh-crypto-custody",
    title: "Wall Street banks weigh crypto custody as rules ease",
    source: "The Wall Street Journal",
    creator: "Vicky Ge Huang",
    hoursAgo: 7,
    summary:
      "Large US banks are preparing custody services for digital assets after regulators softened their guidance.",
    body: [],
    link: "https://www.wsj.com/finance/currencies/wall-street-banks-weigh-crypto-custody",
  },
  {
    feed: "market",
    slug: "bloomberg-hedge-funds-add-bitcoin-options",
    title: "Hedge funds add bitcoin options to hedge year-end swings",
    source: "Bloomberg",
    creator: "Olga Kharif",
    hoursAgo: 9,
    summary: "Options open interest climbed as funds bought protection against a sharp move into the year's end.",
    body: [],
    link: "https://www.bloomberg.com/news/articles/hedge-funds-add-bitcoin-options",
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
  ...outletArticles,
];
