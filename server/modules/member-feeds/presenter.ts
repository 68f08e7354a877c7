import type { MemberFeed } from "../../../contracts/reading.ts";
import { hostOf, redactAddresses } from "../articles/index.ts";
import { memberFeedFailure } from "./fetch.ts";
import type { FollowedFeedRow } from "./repository.ts";

const iso = (time: number | null | undefined) => (time ? new Date(time).toISOString() : null);

/** A followed feed with its shared status, as its follower sees it. */
export function presentMemberFeed(row: FollowedFeedRow): MemberFeed {
  const status = row.status;
  const error = status?.last_error ? redactAddresses(status.last_error) : null;
  const detail = status?.last_error_detail ? redactAddresses(status.last_error_detail) : null;
  return {
    key: row.key,
    title: row.title,
    url: row.url,
    siteUrl: row.site_url,
    addedAt: new Date(row.added_at).toISOString(),
    lastUpdated: iso(status?.last_success_at),
    lastError: error,
    lastErrorReason: error ? memberFeedFailure(error, detail, hostOf(row.url)) : null,
    nextAttempt: status ? iso(status.next_fetch_at) : null,
    itemCount: row.item_count,
  };
}
