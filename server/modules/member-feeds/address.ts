import { createHash } from "node:crypto";
import { MAX_FEED_ADDRESS } from "../../../contracts/reading-catalog.ts";

/** Why an address is refused before anything is fetched, in the words the member sees. */
export class AddressRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AddressRefused";
  }
}

/**
 * A followed address as it is stored and shared: http(s) only, credentials and fragment
 * removed (they are never stored nor answered), host lower-cased and default port dropped
 * by the URL parser. "example.com/feed" without a scheme means https.
 */
export function normaliseAddress(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed.length > MAX_FEED_ADDRESS) {
    throw new AddressRefused(`The address must be at most ${MAX_FEED_ADDRESS} characters`);
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new AddressRefused("That is not a web address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new AddressRefused("Only http(s) addresses can be followed");
  }
  if (url.hostname === "") throw new AddressRefused("That is not a web address");
  url.username = "";
  url.password = "";
  url.hash = "";
  if (url.href.length > MAX_FEED_ADDRESS) {
    throw new AddressRefused(`The address must be at most ${MAX_FEED_ADDRESS} characters`);
  }
  return url.href;
}

/** The key every follower of this (normalised) feed address shares: "mf-" and 12 hex digits. */
export function memberFeedKey(normalised: string): string {
  return `mf-${createHash("sha256").update(normalised).digest("hex").slice(0, 12)}`;
}
