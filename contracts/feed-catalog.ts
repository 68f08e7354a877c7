/*
 * The feed catalog's names, free of zod so the web app can import them without the
 * schema library (see docs/decisions/009).
 */

export const feedKeys = [
  "bitcoin",
  "gemwire",
  "news",
  "market",
  "search",
  "xfeed",
  "nftart",
  "instagram",
  "tiktok",
  "youtube",
  "animalmemes",
] as const;

export type FeedKey = (typeof feedKeys)[number];

/** The feeds' titles ({product} is Gemwire). */
export const feedTitles: Record<FeedKey, string> = {
  bitcoin: "Bitcoin News",
  gemwire: "Gemwire",
  news: "Latest News",
  market: "Market Analysis",
  search: "Targeted Search",
  xfeed: "X Feed",
  nftart: "NFT/Art",
  instagram: "Instagram",
  tiktok: "TikTok",
  youtube: "YouTube",
  animalmemes: "Animal Memes",
};
