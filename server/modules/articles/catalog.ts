import { type FeedKey, feedTitles } from "../../../contracts/feeds.ts";

export type FeedDefinition = {
  key: FeedKey;
  title: string;
  tags: readonly string[];
  /** Where the feed is fetched from; null for Gemwire's own feed, which is computed. */
  url: string | null;
};

const rssBridge = (bridge: string, params: string) =>
  `https://rss-bridge.org/bridge01/?action=display&bridge=${bridge}&${params}&format=Atom`;

/**
 * The 11 built-in feeds with their default addresses: crypto news sites' own RSS, a
 * YouTube channel and a subreddit (Atom), and RSS-Bridge for Instagram and TikTok, which
 * publish no feeds. X has no working public bridge, so the X feed follows an outlet known
 * for its posts there. SOURCES_FILE can replace any address.
 */
export const feedCatalog: readonly FeedDefinition[] = [
  {
    key: "bitcoin",
    title: feedTitles.bitcoin,
    tags: ["Bitcoin (BTC)", "Crypto News", "Market Updates"],
    url: "https://bitcoinmagazine.com/.rss/full/",
  },
  {
    key: "gemwire",
    title: feedTitles.gemwire,
    tags: ["Crypto Trends", "Crypto News", "Market Analysis"],
    url: null,
  },
  {
    key: "news",
    title: feedTitles.news,
    tags: ["Crypto News", "Blockchain", "Altcoins", "Market Updates"],
    url: "https://www.coindesk.com/arc/outboundfeeds/rss/",
  },
  {
    key: "market",
    title: feedTitles.market,
    tags: ["Market Analysis", "Technical Analysis", "Trading", "Market Research"],
    url: "https://cointelegraph.com/rss/category/market-analysis",
  },
  {
    key: "search",
    title: feedTitles.search,
    tags: ["Solana (SOL)", "Memecoins", "Crypto Trends", "Trading Tips"],
    url: "https://cointelegraph.com/rss/tag/solana",
  },
  {
    key: "xfeed",
    title: feedTitles.xfeed,
    tags: ["Crypto Trends", "Community", "Trading Tips"],
    url: "https://watcher.guru/news/feed",
  },
  {
    key: "nftart",
    title: feedTitles.nftart,
    tags: ["NFTs", "Digital Art", "Community"],
    url: "https://nftnow.com/feed/",
  },
  {
    key: "instagram",
    title: feedTitles.instagram,
    tags: ["Community", "Crypto Education", "Memes"],
    url: rssBridge("InstagramBridge", "context=Username&u=coindesk&media_type=all"),
  },
  {
    key: "tiktok",
    title: feedTitles.tiktok,
    tags: ["Crypto Education", "Trading Tips", "Memes"],
    url: rssBridge("TikTokBridge", "context=By+user&username=%40coinbase"),
  },
  {
    key: "youtube",
    title: feedTitles.youtube,
    tags: ["Crypto Education", "Technical Analysis", "Ethereum (ETH)"],
    url: "https://www.youtube.com/feeds/videos.xml?channel_id=UCqK_GSMbpiV8spgD3ZGloSw",
  },
  {
    key: "animalmemes",
    title: feedTitles.animalmemes,
    tags: ["Memes", "Animal Tokens", "Memecoins", "Community"],
    url: "https://www.reddit.com/r/memecoins/.rss",
  },
];
