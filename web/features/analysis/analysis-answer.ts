import {
  ANALYSIS_FAILED,
  type Analysis,
  INVALID_ANALYSIS,
  type KeyPoint,
  type Ticker,
} from "../../../contracts/analysis-catalog.ts";
import { ApiError } from "../../lib/api-client.ts";

/** An answer without story_title or a key_points list (or with points that have no text). */
export class InvalidAnalysisError extends Error {
  constructor() {
    super(INVALID_ANALYSIS);
    this.name = "InvalidAnalysisError";
  }
}

/** An analysis as the dialog shows it; `lead` and `articles` only for a whole story. */
export type ShownAnalysis = Analysis & { lead: string | null; articles: number | null };

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === "object" && value !== null;
const positiveInt = (value: unknown, min: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= min ? value : null;

/** A key point from the answer; a bare string (an older or hand-written analyzer) is a point without a place. */
function readKeyPoint(point: unknown): KeyPoint | null {
  if (typeof point === "string") return point.trim() ? { text: point, paragraph: null, position: null } : null;
  if (!isObject(point) || typeof point.text !== "string" || !point.text.trim()) return null;
  return { text: point.text, paragraph: positiveInt(point.paragraph, 1), position: positiveInt(point.position, 0) };
}

/** A ticker from the answer, or null when it has no symbol to show. */
function readTicker(ticker: unknown): Ticker | null {
  if (!isObject(ticker) || typeof ticker.symbol !== "string" || !ticker.symbol.trim()) return null;
  return {
    symbol: ticker.symbol.trim().toUpperCase(),
    name: typeof ticker.name === "string" && ticker.name.trim() ? ticker.name : null,
    mentions: positiveInt(ticker.mentions, 1) ?? 1,
    solana: ticker.solana === true,
    token: ticker.token === true,
  };
}

/**
 * Reads an analysis answer. It must hold story_title and a key_points list, and
 * the dialog says 'Invalid analysis data structure' otherwise; what else is missing or
 * malformed is left out rather than failing the whole answer. Tickers come ranked by
 * mentions, most first (the server's order among equals is kept).
 */
export function readAnalysis(answer: unknown): ShownAnalysis {
  if (!isObject(answer) || typeof answer.story_title !== "string" || !Array.isArray(answer.key_points))
    throw new InvalidAnalysisError();
  const keyPoints = answer.key_points.map(readKeyPoint);
  if (keyPoints.some((point) => point === null)) throw new InvalidAnalysisError();
  const tickers = (Array.isArray(answer.tickers) ? answer.tickers : [])
    .map(readTicker)
    .filter((ticker): ticker is Ticker => ticker !== null)
    .sort((a, b) => b.mentions - a.mentions);
  return {
    story_title: answer.story_title,
    key_points: keyPoints as KeyPoint[],
    tickers,
    url: typeof answer.url === "string" ? answer.url : "",
    method: answer.method === "llm" ? "llm" : "extractive",
    analyzed_at: typeof answer.analyzed_at === "string" ? answer.analyzed_at : "",
    lead: typeof answer.lead === "string" ? answer.lead : null,
    articles: positiveInt(answer.articles, 1),
  };
}

/** What the dialog says when an analysis fails: its title, the reason, and what the reader can do. */
export type AnalysisFailure = {
  title: typeof ANALYSIS_FAILED | typeof INVALID_ANALYSIS;
  reason: string;
  /** Asked too often: the reader is told to wait before trying again. */
  wait: boolean;
  /** Trying again could help (not for an address the server refuses or a story that is gone). */
  retry: boolean;
};

/** The server words its failures "Analysis failed: <reason>"; the dialog's title already says the first part. */
const reasonOf = (message: string) =>
  message.replace(/^\s*analysis failed\s*[:.–—-]?\s*/i, "").trim() || "The server did not say why.";

export function describeFailure(error: unknown): AnalysisFailure {
  if (error instanceof InvalidAnalysisError)
    return {
      title: INVALID_ANALYSIS,
      reason: "The analysis came back without a story title or a list of key points, so there is nothing to show.",
      wait: false,
      retry: true,
    };
  if (error instanceof ApiError)
    return {
      title: ANALYSIS_FAILED,
      reason: reasonOf(error.message),
      wait: error.status === 429,
      // A refused address, a post or story that is gone, or a story with nothing to read: the same again fails again.
      retry: error.status !== 400 && error.status !== 404 && error.status !== 422,
    };
  return {
    title: ANALYSIS_FAILED,
    reason: "Something went wrong while reading the analysis.",
    wait: false,
    retry: true,
  };
}
