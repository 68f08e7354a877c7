import { describe, expect, it } from "vitest";
import { displayAddress, redactAddresses } from "../modules/articles/status-presenter.ts";
import { plainFeedError } from "./plain-errors.ts";

describe("plainFeedError", () => {
  it.each([
    [
      "ENOTFOUND: getaddrinfo ENOTFOUND bitcoinmagazine.com",
      null,
      "The address bitcoinmagazine.com could not be found (no internet or DNS?).",
    ],
    [
      "EAI_AGAIN: getaddrinfo EAI_AGAIN www.coindesk.com",
      null,
      "The address www.coindesk.com could not be found (no internet or DNS?).",
    ],
    [
      "ECONNREFUSED: connect ECONNREFUSED 10.1.2.3:443",
      null,
      "feed.example refused the connection (is its server down?).",
    ],
    ["ECONNRESET: read ECONNRESET", null, "The connection to feed.example was cut off before the feed arrived."],
    [
      "ENETUNREACH: connect ENETUNREACH 2a00::1:443",
      null,
      "feed.example cannot be reached from this server (no internet?).",
    ],
    ["No complete answer within 20 s", null, "feed.example did not answer in time (within 20 seconds)."],
    ["UND_ERR_CONNECT_TIMEOUT: Connect Timeout Error", null, "feed.example did not answer in time."],
    [
      "CERT_HAS_EXPIRED: certificate has expired",
      null,
      "feed.example's security certificate was not accepted, so the connection was not trusted.",
    ],
    ["HTTP 404 from feed.example", null, "No feed at this address: feed.example answered HTTP 404 (not found)."],
    ["HTTP 403 from feed.example", null, "feed.example refused access to the feed (HTTP 403)."],
    ["HTTP 429 from feed.example", null, "feed.example asked Gemwire to slow down (HTTP 429, too many requests)."],
    ["HTTP 503 from feed.example", null, "feed.example had a server error (HTTP 503)."],
    ["HTTP 302 from feed.example", null, "feed.example answered HTTP 302 instead of the feed."],
    [
      "Failed to parse feed content",
      "Invalid XML feed structure",
      "feed.example answered, but not with a feed Gemwire can read (perhaps an error or login page).",
    ],
    [
      "Failed to parse feed content",
      null,
      "feed.example answered, but not with a feed Gemwire can read (perhaps an error or login page).",
    ],
    [
      "Failed to parse feed content",
      "The parser took longer than 30 s and was stopped",
      "feed.example's feed took longer than 30 seconds to read, so Gemwire stopped reading it.",
    ],
    [
      "Failed to parse feed content",
      "The parser ran out of memory (limit 160 MB)",
      "feed.example's feed needs more memory to read than Gemwire allows one feed (160 MB).",
    ],
    [
      "Failed to parse feed content",
      "The parser stopped without an answer (exit code 1)",
      "Gemwire's feed reader failed on feed.example's feed.",
    ],
    [
      "All proxies failed",
      "HTTP 502 from relay relay.example",
      "Neither feed.example nor any relay could deliver the feed. Last error: relay.example had a server error (HTTP 502).",
    ],
    [
      "All proxies failed",
      "Relay relay.example: ENOTFOUND: getaddrinfo ENOTFOUND relay.example",
      "Neither feed.example nor any relay could deliver the feed. Last error: Relay relay.example: The address relay.example could not be found (no internet or DNS?).",
    ],
    ["All proxies failed", null, "Neither feed.example nor any relay could deliver the feed."],
    [
      "10.0.0.5 is a private or reserved address",
      null,
      "The address points into a private or local network, which Gemwire does not fetch (ALLOW_PRIVATE_SOURCES=1 allows it).",
    ],
    [
      "intranet.example resolves only to private or reserved addresses",
      null,
      "The address points into a private or local network, which Gemwire does not fetch (ALLOW_PRIVATE_SOURCES=1 allows it).",
    ],
    [
      "All proxies failed",
      "Relay relay.example:8080: 127.0.0.1 is a private or reserved address",
      "Neither feed.example nor any relay could deliver the feed. Last error: Relay relay.example:8080: The address points into a private or local network, which Gemwire does not fetch (ALLOW_PRIVATE_SOURCES=1 allows it).",
    ],
    ["More than 5 redirects", null, "feed.example redirected more than 5 times."],
    ["The body is larger than 15 MiB", null, "The feed is larger than 15 MiB, more than Gemwire accepts."],
    ["Something nobody foresaw", null, "Something nobody foresaw"],
  ])("says %j (detail %j) as %j", (error, detail, expected) => {
    expect(plainFeedError(error, detail, "feed.example")).toBe(expected);
  });
});

describe("displayAddress", () => {
  it.each([
    ["https://bitcoinmagazine.com/.rss/full/", "https://bitcoinmagazine.com/.rss/full/"],
    [
      "https://www.youtube.com/feeds/videos.xml?channel_id=UCqK_GSMbpiV8spgD3ZGloSw",
      "https://www.youtube.com/feeds/videos.xml?…",
    ],
    ["https://user:secret@bridge.example:8443/feed?token=abc#top", "https://bridge.example:8443/feed?…"],
    ["http://127.0.0.1:4204/samples/feeds/news", "http://127.0.0.1:4204/samples/feeds/news"],
    ["not an address", null],
  ])("shows %s as %s", (address, shown) => {
    expect(displayAddress(address)).toBe(shown);
  });

  it("takes tokens and credentials out of addresses inside an error message", () => {
    expect(redactAddresses("Not a valid address: https://me:pw@relay.example/fetch?key=s3cret&url=x")).toBe(
      "Not a valid address: https://relay.example/fetch?…",
    );
  });
});
