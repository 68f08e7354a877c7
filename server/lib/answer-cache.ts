import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/database.ts";
import { readDataVersions, type VersionedTable, versionOf } from "./data-versions.ts";
import { KeptPage } from "./kept-page.ts";

/**
 * How long a kept answer stands while none of its tables changed. Writes are seen at once
 * (data versions); this bounds what moves with time alone — articles ageing out of the
 * stories window, a ranking's recency, the start of a price range. An answer made again
 * with the same bytes keeps its ETag, so clients still get 304s.
 */
export const ANSWER_MAX_AGE_MS = 10_000;

/** Bounds per database: answers kept, and their bytes (each counted as three times its body, see Entry). */
export const ANSWER_LIMITS = { maxEntries: 1_000, maxBytes: 32 * 1024 * 1024 };

export type AnswerSpec = {
  /** What the answer is for: the route, its parameters and — when it is personal — the viewer. */
  key: string;
  /** The tables the answer is built from: a write to any of them makes it again. */
  tables: readonly VersionedTable[];
  /** Makes the answer's body (JSON, or a feed's XML). */
  build: () => Promise<string>;
};

type Entry = {
  page: KeptPage;
  version: string;
  builtAt: number;
  /** The body, plus room for its gzip and brotli forms, made on first request and at most about as large. */
  bytes: number;
};

/**
 * Answers kept as bytes, with their compressed forms and an ETag naming their content:
 * made once per version of the tables they come from and shared by every request that
 * asks for the same key until one of those tables is written to (or ANSWER_MAX_AGE_MS
 * passes). Least recently used answers go first beyond the limits. Requests that find
 * the same answer missing wait for one build instead of building it each.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Entry>>();
  private total = 0;

  constructor(
    private readonly database: Database,
    private readonly limits = ANSWER_LIMITS,
  ) {}

  /** How many answers are kept and their counted bytes. */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.total };
  }

  async answer(spec: AnswerSpec, now = Date.now()): Promise<KeptPage> {
    const version = versionOf(await readDataVersions(this.database), spec.tables);
    const kept = this.entries.get(spec.key);
    if (kept && kept.version === version && now >= kept.builtAt && now - kept.builtAt < ANSWER_MAX_AGE_MS) {
      // Most recently used last: the map's order is the eviction order.
      this.entries.delete(spec.key);
      this.entries.set(spec.key, kept);
      return kept.page;
    }
    const buildKey = `${spec.key}\n${version}`;
    let building = this.building.get(buildKey);
    if (!building) {
      building = this.build(spec, version, now).finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, building);
    }
    return (await building).page;
  }

  private async build(spec: AnswerSpec, version: string, now: number): Promise<Entry> {
    const body = Buffer.from(await spec.build());
    const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
    const entry: Entry = { page: new KeptPage(body, etag), version, builtAt: now, bytes: 3 * body.length };
    const previous = this.entries.get(spec.key);
    // An answer bigger than the whole budget is sent but not kept.
    if (entry.bytes > this.limits.maxBytes) return entry;
    // A slower build for an older version must not replace a newer answer.
    if (previous && previous.builtAt > now) return entry;
    if (previous) {
      this.entries.delete(spec.key);
      this.total -= previous.bytes;
    }
    this.entries.set(spec.key, entry);
    this.total += entry.bytes;
    for (const [key, oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.total <= this.limits.maxBytes) break;
      this.entries.delete(key);
      this.total -= oldest.bytes;
    }
    return entry;
  }
}

/** Whether an If-None-Match header names this ETag (compared weakly, as RFC 9110 asks for GET). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header === "*" || header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

const caches = new WeakMap<Database, AnswerCache>();

/** The answer cache of a database (one per open database, so tests never share one). */
export function answersOf(database: Database): AnswerCache {
  let cache = caches.get(database);
  if (!cache) {
    cache = new AnswerCache(database);
    caches.set(database, cache);
  }
  return cache;
}

/**
 * Cache-Control for an answer anyone may see, kept `maxAgeSeconds`: public, so shared
 * caches may serve it too — except with ACCESS_MODE=members, where a shared cache would
 * hand a member's answer to a visitor without a session.
 */
export const sharedFor = (accessMode: "open" | "members", maxAgeSeconds: number) =>
  `${accessMode === "members" ? "private" : "public"}, max-age=${maxAgeSeconds}`;

/** Cache-Control for answers that differ by viewer or need a signed-in visitor: browsers keep them, shared caches never, and ask again each time with the ETag. */
export const PRIVATE_REVALIDATE = "private, no-cache";

/**
 * Sends a kept answer: its ETag, Cache-Control and Vary (added to any Vary already set),
 * then 304 when If-None-Match names it, else its bytes in the encoding the client
 * accepts (compressed once, kept with the answer).
 */
export function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  page: KeptPage,
  headers: { cacheControl: string; vary: readonly string[]; type: string },
): FastifyReply {
  const already = reply.getHeader("vary");
  const vary = [...(already ? [String(already)] : []), "Accept-Encoding", ...headers.vary].join(", ");
  reply.header("etag", page.etag).header("cache-control", headers.cacheControl).header("vary", vary);
  if (matchesEtag(request.headers["if-none-match"], page.etag)) return reply.code(304).send();
  const { encoding, bytes } = page.body(request.headers["accept-encoding"]);
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.type(headers.type).send(bytes);
}

export const JSON_TYPE = "application/json; charset=utf-8";
