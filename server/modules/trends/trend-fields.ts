import { type TrendCountry, trafficNumber } from "../../../contracts/trends-catalog.ts";
import { plainText, safeHttpUrl } from "../../lib/feed-reader/normalise.ts";

/** A trend as read from a source, cleaned, before it is stored. */
export type ReadTrend = {
  title: string;
  traffic: string;
  trafficNumber: number;
  picture: string | null;
  pictureSource: string | null;
  newsItems: Array<{ title: string; url: string; source: string }>;
  pubDate: number;
  country: TrendCountry;
};

/** What one read of a source gave: the trends kept, and why the others were skipped. */
export type SourceRead = { trends: ReadTrend[]; skipped: string[] };

/** A source's answer as a whole is not what it should be (not RSS, not the JSON). */
export class TrendsFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TrendsFormatError";
  }
}

/*
 * Bounds on what one read keeps: a source lists a few dozen trends with three news items
 * each; anything far beyond is a broken or hostile answer.
 */
export const MAX_TRENDS_PER_READ = 100;
/** Items looked at per read, skipped ones included. */
export const MAX_ITEMS_LOOKED_AT = 500;
export const MAX_NEWS_ITEMS = 6;
const MAX_TITLE = 200;
const MAX_TRAFFIC = 40;
const MAX_SOURCE = 100;
const MAX_NEWS_TITLE = 300;

/** The raw fields of one trend, as either source format gives them. */
export type RawTrend = {
  title: string | undefined;
  traffic: string | undefined;
  /** The source's date text, or the fetch time where the source gives none. */
  pubDate: string | Date | undefined;
  picture: string | undefined;
  pictureSource: string | undefined;
  newsItems: Array<{ title: string | undefined; url: string | undefined; source: string | undefined }>;
};

export type ReadOptions = {
  country: TrendCountry;
  fetchedAt: Date;
  /**
   * This server's own origin in sample mode: its sample pictures are plain http on
   * loopback, so they are kept as paths the page loads from wherever it was opened.
   */
  ownOrigin?: string;
};

/**
 * A picture the page may show: https only (the page's CSP allows images from https
 * origins), or a path on this server for its own sample pictures; otherwise none.
 */
export function pictureAddress(raw: string | undefined, ownOrigin?: string): string | null {
  const url = safeHttpUrl(raw);
  if (!url) return null;
  const parsed = new URL(url);
  if (parsed.protocol === "https:") return url;
  return ownOrigin && parsed.origin === ownOrigin ? `${parsed.pathname}${parsed.search}` : null;
}

function readDate(raw: RawTrend["pubDate"], fetchedAt: Date): number | undefined {
  if (raw === undefined) return undefined;
  const time = raw instanceof Date ? raw.getTime() : Date.parse(raw.trim());
  if (Number.isNaN(time)) return undefined;
  // Nothing was published after it was read: a source clock ahead of ours.
  return Math.min(time, fetchedAt.getTime());
}

/** Cleans one trend by the rules of both sources, or says why it is skipped. */
export function readTrend(raw: RawTrend, options: ReadOptions): ReadTrend | { skipped: string } {
  const title = plainText(raw.title, MAX_TITLE);
  if (!title) return { skipped: "no title" };
  const pubDate = readDate(raw.pubDate, options.fetchedAt);
  if (pubDate === undefined) {
    return { skipped: raw.pubDate === undefined ? `"${title}": no date` : `"${title}": unreadable date` };
  }
  const traffic = plainText(raw.traffic, MAX_TRAFFIC);
  // A few spares for links that turn out unusable; the rest is not even looked at.
  const newsItems = raw.newsItems.slice(0, MAX_NEWS_ITEMS * 4).flatMap((item) => {
    const url = safeHttpUrl(item.url?.trim());
    if (!url) return [];
    const source = plainText(item.source, MAX_SOURCE) || new URL(url).hostname.replace(/^www\./, "");
    return [{ title: plainText(item.title, MAX_NEWS_TITLE) || source, url, source }];
  });
  const picture = pictureAddress(raw.picture?.trim(), options.ownOrigin);
  return {
    title,
    traffic,
    trafficNumber: trafficNumber(traffic) ?? 0,
    picture,
    pictureSource: picture ? plainText(raw.pictureSource, MAX_SOURCE) || null : null,
    newsItems: newsItems.slice(0, MAX_NEWS_ITEMS),
    pubDate,
    country: options.country,
  };
}

/** Reads every raw trend, up to the bounds, keeping the good ones and the reasons for the rest. */
export function readTrends(raws: Iterable<RawTrend>, options: ReadOptions): SourceRead {
  const trends: ReadTrend[] = [];
  const skipped: string[] = [];
  let looked = 0;
  for (const raw of raws) {
    if (++looked > MAX_ITEMS_LOOKED_AT || trends.length >= MAX_TRENDS_PER_READ) break;
    const read = readTrend(raw, options);
    if ("skipped" in read) skipped.push(`item ${looked}: ${read.skipped}`);
    else trends.push(read);
  }
  return { trends, skipped };
}
