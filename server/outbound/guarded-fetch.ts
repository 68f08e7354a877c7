import dns from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { Readable, type Transform } from "node:stream";
import zlib from "node:zlib";
import { Agent, request } from "undici";
import { appVersion } from "../paths.ts";
import { isPublicAddress } from "./address-policy.ts";

export type OutboundErrorCode =
  | "bad_url"
  | "blocked_address"
  | "refused_url"
  | "too_many_redirects"
  | "redirect_refused"
  | "timeout"
  | "too_large"
  | "bad_encoding"
  | "network";

/** Why an outbound fetch failed, in words fit for a feed's status line. */
export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "OutboundError";
  }
}

export type GuardedFetchOptions = {
  /** Let fetches reach loopback and private networks (ALLOW_PRIVATE_SOURCES=1, and tests). */
  allowPrivate?: boolean;
  /** Which resolved addresses may be reached; the public-address policy unless private sources are allowed. */
  isAllowedAddress?: (address: string) => boolean;
  /** Deadline for the whole exchange: every redirect, the headers and the last byte of the body. */
  timeoutMs?: number;
  /** Largest body accepted, counted after decompression. */
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  /** Name resolution; the system's by default. */
  resolve?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
  /**
   * Refuses addresses for what they are, not where they lead (a site whose pages are never
   * read, say): asked about the first address and every redirect before connecting, it
   * returns why one is refused (OutboundError "refused_url"), or null.
   */
  refuseUrl?: (url: URL) => string | null;
};

export type FetchedResponse = {
  status: number;
  /** The address finally answered, after redirects. */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
};

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_BYTES = 15 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
export const USER_AGENT = `Gemwire/${appVersion} (crypto news reader; +https://gemwire.app)`;

const systemResolve = (hostname: string) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * The one HTTP client for everything Gemwire fetches from outside: http(s) only, no
 * private or loopback addresses (checked on every address it connects to, after every
 * redirect), one overall deadline, and a cap on the decompressed body.
 */
export function createGuardedFetch(options: GuardedFetchOptions = {}) {
  const {
    allowPrivate = false,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    maxBytes = DEFAULT_MAX_BYTES,
    maxRedirects = DEFAULT_MAX_REDIRECTS,
    userAgent = USER_AGENT,
    resolve = systemResolve,
    refuseUrl,
  } = options;
  const isAllowed = options.isAllowedAddress ?? (allowPrivate ? () => true : isPublicAddress);

  // Name resolution that only ever hands the socket allowed addresses, so what is
  // checked is exactly what is connected to.
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname)
      .then((found) => {
        const allowed = found.filter((entry) => isAllowed(entry.address));
        if (allowed.length === 0) {
          const error = new OutboundError(
            "blocked_address",
            `${hostname} resolves only to private or reserved addresses`,
          );
          callback(error as NodeJS.ErrnoException, "", 0);
          return;
        }
        if (lookupOptions.all) callback(null, allowed);
        else callback(null, (allowed[0] as { address: string }).address, (allowed[0] as { family: number }).family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, "", 0));
  };
  const dispatcher = new Agent({ connect: { lookup }, keepAliveTimeout: 4_000 });

  function checkUrl(raw: string, base?: string): URL {
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      throw new OutboundError("bad_url", `Not a valid address: ${raw}`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new OutboundError("bad_url", `Only http and https addresses can be fetched, not ${url.protocol}`);
    }
    if (url.username || url.password) throw new OutboundError("bad_url", "Addresses with credentials are not fetched");
    // The URL parser has already turned decimal, octal and hex forms into dotted IPv4.
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) && !isAllowed(host)) {
      throw new OutboundError("blocked_address", `${host} is a private or reserved address`);
    }
    const refused = refuseUrl?.(url);
    if (refused) throw new OutboundError("refused_url", refused);
    return url;
  }

  async function guardedFetch(
    address: string,
    init: { headers?: Record<string, string>; signal?: AbortSignal; method?: "GET" | "POST"; body?: string } = {},
  ): Promise<FetchedResponse> {
    const method = init.method ?? "GET";
    // Our own timer, cleared when the exchange ends: an abort after the body has been
    // read would surface as an unhandled error from the finished request.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const deadline = controller.signal;
    const signal = init.signal ? AbortSignal.any([deadline, init.signal]) : deadline;
    try {
      let url = checkUrl(address);
      for (let redirects = 0; ; redirects++) {
        const response = await request(url, {
          dispatcher,
          method,
          body: init.body,
          signal,
          headers: { "user-agent": userAgent, "accept-encoding": "gzip, deflate, br", ...init.headers },
        });
        const headers = flattenHeaders(response.headers);
        const location = headers.location;
        if (response.statusCode >= 300 && response.statusCode < 400 && response.statusCode !== 304 && location) {
          // Discard the redirect's own body without reading it.
          await response.body.dump({ limit: 0 }).catch(() => {});
          if (redirects >= maxRedirects) {
            throw new OutboundError("too_many_redirects", `More than ${maxRedirects} redirects`);
          }
          // A POST's body is for the address it was sent to, never for wherever that points.
          if (method !== "GET") throw new OutboundError("redirect_refused", `A ${method} is never redirected`);
          url = checkUrl(location, url.href);
          continue;
        }
        const body = await readBody(response.body, headers["content-encoding"], maxBytes, signal);
        return { status: response.statusCode, url: url.href, headers, body };
      }
    } catch (error) {
      throw asOutboundError(error, deadline, timeoutMs);
    } finally {
      clearTimeout(timer);
    }
  }

  return Object.assign(guardedFetch, { close: () => dispatcher.close() });
}

export type GuardedFetch = ReturnType<typeof createGuardedFetch>;

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

function decoderFor(encoding: string, firstByte: number | undefined): Transform | undefined {
  switch (encoding) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      // Some servers send raw deflate without the zlib header (which starts 0x?8).
      return firstByte !== undefined && (firstByte & 0x0f) === 8 ? zlib.createInflate() : zlib.createInflateRaw();
    case "br":
      return zlib.createBrotliDecompress();
    case "identity":
    case "":
      return undefined;
    default:
      throw new OutboundError("bad_encoding", `Unsupported content encoding: ${encoding}`);
  }
}

/** Reads the body, undoing each content encoding, and stops as soon as it grows past `maxBytes`. */
async function readBody(
  raw: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffer> {
  const compressed = await collect(raw, maxBytes, signal);
  const encodings = (contentEncoding ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .reverse();
  let body = compressed;
  for (const encoding of encodings) {
    const decoder = decoderFor(encoding, body[0]);
    if (!decoder) continue;
    try {
      body = await collect(Readable.from([body]).pipe(decoder), maxBytes, signal);
    } catch (error) {
      // A deadline or a stop while decompressing is that, not a broken encoding.
      if (error instanceof OutboundError || signal.aborted) throw error;
      throw new OutboundError("bad_encoding", `The body is not valid ${encoding}`, { cause: error });
    }
  }
  return body;
}

async function collect(stream: Readable, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early (too large, aborted) destroys the stream.
  for await (const chunk of stream) {
    signal.throwIfAborted();
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      throw new OutboundError("too_large", `The body is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function asOutboundError(error: unknown, deadline: AbortSignal, timeoutMs: number): OutboundError | Error {
  if (error instanceof OutboundError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof OutboundError) return cause;
  if (deadline.aborted) return new OutboundError("timeout", `No complete answer within ${timeoutMs / 1000} s`);
  if ((error as Error).name === "AbortError") return error as Error;
  const code = (error as { code?: string }).code;
  const message = code ? `${code}: ${(error as Error).message}` : (error as Error).message;
  return new OutboundError("network", message, { cause: error });
}
