import path from "node:path";
import { z } from "zod";
import { isCommonPassword } from "./lib/passwords/common-passwords.ts";

/**
 * The operator contract: every environment variable Gemwire reads, validated once at
 * start-up. Nothing else in the server reads `process.env`.
 */
const flag = z
  .enum(["1", "0", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

const optionalUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .optional()
  .or(z.literal("").transform(() => undefined));

/**
 * A script every page runs: https, so nobody on the network path can swap it, except on
 * this machine's loopback (a self-hosted Umami or Plausible during development).
 */
const optionalScriptUrl = optionalUrl.refine(
  (value) =>
    value === undefined ||
    // Not an http(s) address at all: the URL check above already says so.
    !value.startsWith("http:") ||
    /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(value),
  { error: "must be an https URL (plain http only on localhost): the script runs on every page" },
);

/** Plain decimal digits only: "0x1F", "1e3" and " " are typos, not numbers. */
const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: "must be a whole number" })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    )
    .default(fallback);

const environmentSchema = z.object({
  PORT: integer(3000, 0, 65535),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  SOURCES_FILE: z.string().min(1).optional(),
  PRICE_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.coingecko.com/api/v3"),
  TRENDS_URL: z.url({ protocol: /^https?$/ }).default("https://trends.google.com/trending/rss"),
  REALTIME_TRENDS_URL: optionalUrl,
  TRENDS_REFRESH_MS: integer(1_800_000, 60_000, 86_400_000),
  ALLOW_PRIVATE_SOURCES: flag,
  ADMIN_PASSWORD: z
    .string()
    .min(12, { error: "must be at least 12 characters" })
    .refine((value) => value.trim().length > 0, { error: "must not be blank" })
    .refine((value) => value.trim().length === 0 || !isCommonPassword(value), {
      error: "is too common; choose another",
    })
    .optional(),
  ACCESS_MODE: z.enum(["open", "members"]).default("open"),
  FEED_REFRESH_MS: integer(300_000, 10_000, 86_400_000),
  FEED_MAX_ITEMS: integer(1_000, 10, 100_000),
  FEED_MAX_AGE_DAYS: integer(30, 1, 3_650),
  STORIES_WINDOW_HOURS: integer(48, 1, 720),
  SAMPLE_MODE: flag,
  MEMBER_FEEDS: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  ACCOUNT_PURGE_DAYS: integer(30, 1, 3_650),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  MIGRATION_LOCK_TIMEOUT_MS: integer(60_000, 0, 3_600_000),
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(,\s*[0-9a-fA-F.:/]+)*)$/, {
      error: "must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses",
    })
    .optional(),
  CONTACT_EMAIL: z.email({ error: "must be an email address" }).default("contact@gemwire.app"),
  SOCIAL_X_URL: optionalUrl,
  SOCIAL_TELEGRAM_URL: optionalUrl,
  SOCIAL_DISCORD_URL: optionalUrl,
  ANALYTICS_SCRIPT_URL: optionalScriptUrl,
  ANALYSIS_LLM_URL: optionalUrl,
  ANALYSIS_LLM_KEY: z
    .string()
    .max(1000, { error: "must be at most 1000 characters" })
    .regex(/^[\x21-\x7e]+$/, { error: "must be printable ASCII without spaces (an API key)" })
    .optional(),
  ANALYSIS_LLM_MODEL: z
    .string()
    .max(200, { error: "must be at most 200 characters" })
    .regex(/^[\w.:/@+-]+$/, { error: "must be a model name such as gpt-4o-mini" })
    .default("gpt-4o-mini"),
  ANALYTICS_SCRIPT_DATA: z
    .string()
    .regex(/^[a-z][a-z0-9-]*=[^,\s"'<>]+(,\s*[a-z][a-z0-9-]*=[^,\s"'<>]+)*$/, {
      error: "must be comma-separated name=value pairs, e.g. website-id=94db1cb1-74f4-4a40-ad6c-962362670409",
    })
    .optional(),
});

export type Environment = z.infer<typeof environmentSchema>;

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  database: { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string };
  sourcesFile: string | undefined;
  priceApiUrl: string;
  /** The daily trends RSS; `?geo=XX` is appended per country. */
  trendsUrl: string;
  /** The real-time trends JSON (storySummaries.trendingStories), read too when set. */
  realtimeTrendsUrl: string | undefined;
  /** How often the trends are read again. */
  trendsRefreshMs: number;
  allowPrivateSources: boolean;
  /**
   * Whether Extract may read private and loopback addresses: only with
   * ALLOW_PRIVATE_SOURCES=1, never merely because sample mode reads its own samples.
   */
  allowPrivatePages: boolean;
  adminPassword: string | undefined;
  accessMode: Environment["ACCESS_MODE"];
  feedRefreshMs: number;
  /** Retention: per feed, at most this many newest items, none older than this. */
  feedRetention: { maxItems: number; maxAgeMs: number };
  /** Stories cluster the articles published this recently. */
  storiesWindowMs: number;
  /** Whether members may follow feeds of their own (MEMBER_FEEDS=off turns it off; follows are kept). */
  memberFeeds: boolean;
  /** A deleted account's data is purged this long after deletion (the privacy page says 30 days). */
  accountPurgeMs: number;
  /** Where this server serves its samples, on loopback (what sample mode reads). */
  samplesUrl: string;
  /** Serve and read the sample feeds, prices and trends that ship with Gemwire (npm run demo). */
  sampleMode: boolean;
  logLevel: Environment["LOG_LEVEL"];
  migrationLockTimeoutMs: number;
  /** Which proxies may tell the client's address (X-Forwarded-For); none by default. */
  trustProxy: boolean | number | string[];
  /** The address people reach Gemwire at (behind a proxy, say); used for links in published feeds. */
  publicUrl: string | undefined;
  contactEmail: string;
  social: { x?: string; telegram?: string; discord?: string };
  /**
   * A Plausible- or Umami-style page-view script the web app loads (ANALYTICS_SCRIPT_URL),
   * with the `data-*` attributes it reads (ANALYTICS_SCRIPT_DATA); its origin is allowed by the CSP.
   */
  analyticsScript: { url: string; data: Record<string, string> } | undefined;
  /**
   * An OpenAI-compatible chat-completions endpoint that writes analyses' titles and key
   * points instead of Gemwire's own extractive ones (ANALYSIS_LLM_URL, _KEY, _MODEL). The
   * key is sent only to that endpoint, as a Bearer token.
   */
  analysisLlm: { url: string; key: string | undefined; model: string } | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** The offending value for an error message, never a secret: passwords and keys are left out, URL credentials masked. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined || name.includes("PASSWORD") || name.endsWith("_KEY")) return "";
  // A query may carry an API key (?key=…) as credentials in the address do.
  const shown = name.endsWith("_URL") ? value.replace(/\?.*$/s, "?***") : value;
  return ` (got "${shown.replace(/\/\/[^/@\s]*@/, "//***@")}")`;
}

function readScriptData(value: string | undefined): Record<string, string> {
  if (value === undefined) return {};
  return Object.fromEntries(
    value.split(",").map((pair) => {
      const [name = "", ...rest] = pair.trim().split("=");
      return [name, rest.join("=")];
    }),
  );
}

function readTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((address) => address.trim());
}

/** Reads the environment into a typed config, listing every bad variable by name. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Surrounding spaces are typos (except in a password); an empty value means "unset".
  const present = Object.fromEntries(
    Object.entries(source)
      .filter(([key]) => key in environmentSchema.shape)
      .map(([key, value]) => [key, key === "ADMIN_PASSWORD" ? value : value?.trim()])
      .filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "environment");
        return `${name} ${issue.message}${shownValue(name, present[name])}`;
      }),
    );
  }
  const env = parsed.data;
  if (env.ANALYTICS_SCRIPT_DATA !== undefined && env.ANALYTICS_SCRIPT_URL === undefined) {
    throw new ConfigError([
      "ANALYTICS_SCRIPT_DATA is set but ANALYTICS_SCRIPT_URL is not: the attributes are for that script",
    ]);
  }
  if (env.ANALYSIS_LLM_URL === undefined) {
    const orphans = (["ANALYSIS_LLM_KEY", "ANALYSIS_LLM_MODEL"] as const).filter((name) => present[name] !== undefined);
    if (orphans.length > 0) {
      const verb = orphans.length > 1 ? "are" : "is";
      throw new ConfigError([
        `${orphans.join(" and ")} ${verb} set but ANALYSIS_LLM_URL is not: they are for that endpoint`,
      ]);
    }
  }
  const dataDir = path.resolve(env.DATA_DIR);
  // Sample mode reads everything from this very server, on loopback.
  const self = `http://127.0.0.1:${env.PORT}/samples`;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? { dialect: "postgres", url: env.DATABASE_URL }
      : { dialect: "sqlite", file: path.join(dataDir, "gemwire.db") },
    sourcesFile: env.SOURCES_FILE,
    priceApiUrl: env.SAMPLE_MODE ? `${self}/prices/api/v3` : env.PRICE_API_URL,
    trendsUrl: env.SAMPLE_MODE ? `${self}/trends/rss` : env.TRENDS_URL,
    realtimeTrendsUrl: env.SAMPLE_MODE ? `${self}/trends/realtime` : env.REALTIME_TRENDS_URL,
    trendsRefreshMs: env.TRENDS_REFRESH_MS,
    allowPrivateSources: env.ALLOW_PRIVATE_SOURCES || env.SAMPLE_MODE,
    allowPrivatePages: env.ALLOW_PRIVATE_SOURCES,
    adminPassword: env.ADMIN_PASSWORD,
    accessMode: env.ACCESS_MODE,
    feedRefreshMs: env.FEED_REFRESH_MS,
    feedRetention: { maxItems: env.FEED_MAX_ITEMS, maxAgeMs: env.FEED_MAX_AGE_DAYS * 86_400_000 },
    storiesWindowMs: env.STORIES_WINDOW_HOURS * 3_600_000,
    memberFeeds: env.MEMBER_FEEDS === "on",
    sampleMode: env.SAMPLE_MODE,
    samplesUrl: self,
    accountPurgeMs: env.ACCOUNT_PURGE_DAYS * 86_400_000,
    logLevel: env.LOG_LEVEL,
    migrationLockTimeoutMs: env.MIGRATION_LOCK_TIMEOUT_MS,
    publicUrl: env.PUBLIC_URL?.replace(/\/?$/, "/"),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    contactEmail: env.CONTACT_EMAIL,
    social: {
      x: env.SOCIAL_X_URL,
      telegram: env.SOCIAL_TELEGRAM_URL,
      discord: env.SOCIAL_DISCORD_URL,
    },
    analyticsScript: env.ANALYTICS_SCRIPT_URL
      ? { url: env.ANALYTICS_SCRIPT_URL, data: readScriptData(env.ANALYTICS_SCRIPT_DATA) }
      : undefined,
    analysisLlm: env.ANALYSIS_LLM_URL
      ? { url: env.ANALYSIS_LLM_URL, key: env.ANALYSIS_LLM_KEY, model: env.ANALYSIS_LLM_MODEL }
      : undefined,
  };
}
