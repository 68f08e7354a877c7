/**
 * A feed's stored error in words a reader understands, for the home page and the feed
 * status page. The stored errors come from our own code (guarded client, fetchFeed,
 * the parser), so their shapes are known; anything else is shown as it is.
 */

const ALL_PROXIES_FAILED = "All proxies failed";
const PARSE_FAILED = "Failed to parse feed content";

type Rule = { test: RegExp; say: (host: string, match: RegExpExecArray) => string };

const NO_DNS = (name: string) => `The address ${name} could not be found (no internet or DNS?).`;

/** Tried in order on the raw error text; `host` is the host that was asked. */
const rules: Rule[] = [
  { test: /\bENOTFOUND\b(?:.*\bENOTFOUND\s+(\S+))?/, say: (host, m) => NO_DNS(m[1] ?? host) },
  { test: /\bEAI_AGAIN\b(?:.*\bEAI_AGAIN\s+(\S+))?/, say: (host, m) => NO_DNS(m[1] ?? host) },
  { test: /\bECONNREFUSED\b/, say: (host) => `${host} refused the connection (is its server down?).` },
  {
    test: /\b(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)\b/,
    say: (host) => `The connection to ${host} was cut off before the feed arrived.`,
  },
  {
    test: /\b(EHOSTUNREACH|ENETUNREACH|ENETDOWN)\b/,
    say: (host) => `${host} cannot be reached from this server (no internet?).`,
  },
  {
    test: /No complete answer within (\d+(?:\.\d+)?) s/,
    say: (host, m) => `${host} did not answer in time (within ${m[1]} seconds).`,
  },
  {
    test: /\b(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)\b/,
    say: (host) => `${host} did not answer in time.`,
  },
  {
    test: /\b(CERT_|UNABLE_TO_VERIFY|SELF_SIGNED|ERR_TLS|ERR_SSL|DEPTH_ZERO)/,
    say: (host) => `${host}'s security certificate was not accepted, so the connection was not trusted.`,
  },
  { test: /^HTTP (\d{3}) from (?:relay )?(\S+)$/, say: (_host, m) => httpSentence(Number(m[1]), m[2] as string) },
  {
    test: /is a private or reserved address|resolves only to private or reserved addresses/,
    say: () =>
      "The address points into a private or local network, which Gemwire does not fetch (ALLOW_PRIVATE_SOURCES=1 allows it).",
  },
  { test: /^More than (\d+) redirects/, say: (host, m) => `${host} redirected more than ${m[1]} times.` },
  {
    test: /^The body is larger than (\d+) MiB/,
    say: (_host, m) => `The feed is larger than ${m[1]} MiB, more than Gemwire accepts.`,
  },
  {
    test: /^(Unsupported content encoding|The body is not valid)/,
    say: (host) => `${host} sent the feed in an encoding Gemwire cannot read.`,
  },
  // A big feed's parse worker (parse-off-thread.ts) stopped for its time or memory limit.
  {
    test: /^The parser took longer than (\d+(?:\.\d+)?) s/,
    say: (host, m) => `${host}'s feed took longer than ${m[1]} seconds to read, so Gemwire stopped reading it.`,
  },
  {
    test: /^The parser ran out of memory \(limit (\d+) MB\)/,
    say: (host, m) => `${host}'s feed needs more memory to read than Gemwire allows one feed (${m[1]} MB).`,
  },
  { test: /^The parser (failed|stopped)/, say: (host) => `Gemwire's feed reader failed on ${host}'s feed.` },
  {
    test: /^(Invalid XML feed structure|Invalid JSON feed structure)$/,
    say: (host) => `${host} answered, but not with a feed Gemwire can read (perhaps an error or login page).`,
  },
];

function httpSentence(status: number, host: string): string {
  if (status === 404 || status === 410) return `No feed at this address: ${host} answered HTTP ${status} (not found).`;
  if (status === 401 || status === 403) return `${host} refused access to the feed (HTTP ${status}).`;
  if (status === 429) return `${host} asked Gemwire to slow down (HTTP 429, too many requests).`;
  if (status >= 500) return `${host} had a server error (HTTP ${status}).`;
  return `${host} answered HTTP ${status} instead of the feed.`;
}

function sentenceFor(text: string, host: string): string | null {
  // A relay's error names the relay, perhaps with its port: "Relay relay.example:8080: ECONNREFUSED: …".
  const relay = /^Relay (\S+?): (.*)$/s.exec(text);
  if (relay) {
    const inner = sentenceFor(relay[2] as string, relay[1] as string);
    return inner ? `Relay ${relay[1]}: ${inner}` : null;
  }
  for (const rule of rules) {
    const match = rule.test.exec(text);
    if (match) return rule.say(host, match);
  }
  return null;
}

/**
 * The reason a feed failed, in plain words: `error` is the stored message (the one
 * readers see, e.g. 'All proxies failed'), `detail` what went wrong underneath, `host` the feed's host.
 */
export function plainFeedError(error: string, detail: string | null, host: string): string {
  if (error === ALL_PROXIES_FAILED) {
    const last = detail ? (sentenceFor(detail, host) ?? detail) : null;
    return `Neither ${host} nor any relay could deliver the feed.${last ? ` Last error: ${last}` : ""}`;
  }
  if (error === PARSE_FAILED) {
    return sentenceFor(detail ?? "Invalid XML feed structure", host) ?? `${host} did not send a readable feed.`;
  }
  return sentenceFor(error, host) ?? error;
}
