import { MEMBER_FEED_KEY } from "../../contracts/reading-catalog.ts";

/** A member feed's key ("mf-" and 12 letters or digits, contracts/reading-catalog.ts). */
export type MemberFeedKey = `mf-${string}`;

export function isMemberFeedKey(key: string): key is MemberFeedKey {
  return MEMBER_FEED_KEY.test(key);
}
