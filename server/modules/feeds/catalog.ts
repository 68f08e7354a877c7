import type { FeedKey } from "../../../contracts/feeds.ts";

export type FeedDefinition = {
  key: FeedKey;
  title: string;
  tags: readonly string[];
  /** Where the feed is fetched from; null for Gemwire's own feed, which is computed. */
  url: string | null;
};

const googleNews = (query: string) =>
  `https://news.google.com/rss/search?q=${encodeURIComponent(query)}&hl=en-US&gl=US&ceid=US:en`;
const rssBridge = (bridge: string, params: string) =>
  `https://rss-bridge.org/bridge01/?action=display&bridge=${bridge}&${params}&format=Atom`;

/**
 * The 11 feeds of spec §3 with their default addresses: aggregated news searches where a
 * feed should span many outlets (so stories form), publishers' own RSS, YouTube and
 * Reddit Atom feeds, and RSS-Bridge for networks that publish no feed of their own.
 * SOURCES_FILE can replace any address.
 */
export const feedCatalog: readonly FeedDefinition[] = [
  {
    key: "bitcoin",
    title: "Bitcoin News",
    tags: ["Bitcoin (BTC)", "Crypto News", "Market Updates"],
    url: googleNews("bitcoin when:2d"),
  },
  {
    key: "gemwire",
    title: "Gemwire",
    tags: ["Crypto Trends", "Crypto News", "Market Analysis"],
    url: null,
  },
  {
    key: "news",
    title: "Latest News",
    tags: ["Crypto News", "Blockchain", "Altcoins", "Market Updates"],
    url: googleNews("crypto OR cryptocurrency OR ethereum OR solana when:1d"),
  },
  {
    key: "market",
    title: "Market Analysis",
    tags: ["Market Analysis", "Technical Analysis", "Trading", "Market Research"],
    url: "https://cointelegraph.com/rss/category/market-analysis",
  },
  {
    key: "search",
    title: "Targeted Search",
    tags: ["Solana (SOL)", "Memecoins", "Crypto Trends", "Trading Tips"],
    url: googleNews('solana memecoin OR "new token" OR airdrop when:2d'),
  },
  {
    key: "xfeed",
    title: "X Feed",
    tags: ["Crypto Trends", "Community", "Trading Tips"],
    url: rssBridge("TwitterBridge", "context=By+username&u=WatcherGuru"),
  },
  {
    key: "nftart",
    title: "NFT/Art",
    tags: ["NFTs", "Digital Art", "Community"],
    url: "https://nftnow.com/feed/",
  },
  {
    key: "instagram",
    title: "Instagram",
    tags: ["Community", "Crypto Education", "Memes"],
    url: rssBridge("InstagramBridge", "context=Username&u=coindesk&media_type=all"),
  },
  {
    key: "tiktok",
    title: "TikTok",
    tags: ["Crypto Education", "Trading Tips", "Memes"],
    url: rssBridge("TikTokBridge", "context=By+user&username=%40coinbase"),
  },
  {
    key: "youtube",
    title: "YouTube",
    tags: ["Crypto Education", "Technical Analysis", "Ethereum (ETH)"],
    url: "https://www.youtube.com/feeds/videos.xml?channel_id=UCqK_GSMbpiV8spgD3ZGloSw",
  },
  {
    key: "animalmemes",
    title: "Animal Memes",
    tags: ["Memes", "Animal Tokens", "Memecoins", "Community"],
    url: "https://www.reddit.com/r/memecoins/.rss",
  },
];
