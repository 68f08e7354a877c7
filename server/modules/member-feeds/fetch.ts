import type { Config } from "../../config.ts";
import { createGuardedFetch, type GuardedFetch, type GuardedFetchOptions } from "../../outbound/guarded-fetch.ts";
import { plainFeedError } from "../../outbound/plain-errors.ts";

/** How the member-feed clients resolve names and which addresses they reach (tests stand in for the internet). */
export type MemberFeedFetchPolicy = Pick<GuardedFetchOptions, "resolve" | "isAllowedAddress">;

type Limits = Pick<GuardedFetchOptions, "timeoutMs" | "maxBytes">;

/**
 * The client every fetch of a member's feed goes through (adding, autodiscovery, OPML
 * checks and the scheduled refresh): public addresses only, whatever ALLOW_PRIVATE_SOURCES
 * says, since any member may paste any address and would read what answers (docs/decisions/023).
 * In sample mode, also this server's own sample pages on 127.0.0.1 (`${samplesUrl}/…`,
 * redirects included), and nothing else there.
 */
export function createMemberFeedFetch(
  config: Pick<Config, "sampleMode" | "samplesUrl">,
  limits: Limits = {},
  policy: MemberFeedFetchPolicy = {},
): GuardedFetch {
  const publicOnly = createGuardedFetch({ ...limits, ...policy });
  if (!config.sampleMode) return publicOnly;
  const own = `${config.samplesUrl}/`;
  const samples = createGuardedFetch({
    ...limits,
    isAllowedAddress: (address) => address === "127.0.0.1",
    refuseUrl: (url) => (url.href.startsWith(own) ? null : "it leads away from Gemwire's sample pages"),
  });
  const fetcher: GuardedFetch = Object.assign(
    (address: string, init?: Parameters<GuardedFetch>[1]) =>
      (address.startsWith(own) ? samples : publicOnly)(address, init),
    { close: async () => void (await Promise.all([publicOnly.close(), samples.close()])) },
  );
  return fetcher;
}

const PRIVATE = /is a private or reserved address|resolves only to private or reserved addresses/;
export const PRIVATE_REFUSED =
  "The address points into a private or local network, which Gemwire never fetches for members' feeds.";

/** A member feed's fetch error in plain words: as any feed's, except that no setting lets a private address through. */
export function memberFeedFailure(error: string, detail: string | null, host: string): string {
  return PRIVATE.test(error) ? PRIVATE_REFUSED : plainFeedError(error, detail, host);
}
