import type { FeedStatus } from "../../contracts/feeds.ts";

/** A feed's status as GET /api/feeds gives it: healthy, never failed, unless told otherwise. */
export function feedStatus(key: FeedStatus["key"], title: string, extra: Partial<FeedStatus> = {}): FeedStatus {
  return {
    key,
    title,
    tags: [],
    lastUpdated: null,
    lastError: null,
    lastErrorDetail: null,
    lastErrorReason: null,
    lastErrorAt: null,
    itemCount: 10,
    sourceAddress: key === "gemwire" ? null : `https://${key}.example/feed`,
    lastAttempt: null,
    consecutiveFailures: 0,
    nextAttempt: null,
    ...extra,
  };
}
