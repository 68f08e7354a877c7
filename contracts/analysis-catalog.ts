/*
 * Article analysis rules and texts, without zod, so the web app can import them
 * (docs/decisions/009); contracts/analysis.ts holds the API schemas.
 */

/** The analysis dialog's failure title, and the one for an answer missing its fields. */
export const ANALYSIS_FAILED = "Analysis failed";
export const INVALID_ANALYSIS = "Invalid analysis data structure";

/** An analysis gives at least this many key points when the article has that many sentences, and never more than the most. */
export const KEY_POINTS = { fewest: 3, most: 5 } as const;

/** Analyses are kept this long per address, in the database (every process shares them). */
export const ANALYSIS_CACHE_MS = 24 * 3_600_000;

/** The longest address analysed (as every stored link). */
export const MAX_ANALYSIS_URL = 2048;

/** The financial news sites whose pages are never analysed, with their subdomains. */
export const UNANALYSABLE_HOSTS = ["bloomberg.com", "wsj.com"] as const;

/** A blog post's own address on Gemwire: analysed from its stored content, never fetched. */
export const BLOG_POST_PATH = /^\/blog\/([^/?#]+)$/;

/** Whether the page at `link` may be analysed: an http(s) address off the two financial sites, or a blog post's path. */
export function canAnalyze(link: string): boolean {
  if (BLOG_POST_PATH.test(link)) return true;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (!host) return false;
  return !UNANALYSABLE_HOSTS.some((blocked) => host === blocked || host.endsWith(`.${blocked}`));
}

/** A key point, quoted verbatim from the article, with where it stands there (null when an LLM wrote it). */
export type KeyPoint = { text: string; paragraph: number | null; position: number | null };

/** A coin the article names, ranked by how often. */
export type Ticker = {
  symbol: string;
  name: string | null;
  mentions: number;
  /** A Solana-ecosystem token (SOL itself, or a token issued on Solana). */
  solana: boolean;
  /** One of the built-in tokens, with a page at /token/{symbol}. */
  token: boolean;
};

/** An analysis result, with Gemwire's extras (see contracts/analysis.ts). */
export type Analysis = {
  story_title: string;
  key_points: KeyPoint[];
  tickers: Ticker[];
  url: string;
  method: "extractive" | "llm";
  analyzed_at: string;
};

/** A whole story's analysis: its lead article's, with the tickers counted across all its articles. */
export type StoryAnalysis = Analysis & { lead: string; articles: number };
