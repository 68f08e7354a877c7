import fs from "node:fs";
import { z } from "zod";
import { feedKeys } from "../../../contracts/feeds.ts";
import { type FeedDefinition, feedCatalog } from "../articles/index.ts";

const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) address" });

const sourcesFileSchema = z
  .object({
    feeds: z
      .record(z.string(), httpUrl)
      .optional()
      .superRefine((feeds, ctx) => {
        for (const key of Object.keys(feeds ?? {})) {
          if (key === "gemwire")
            ctx.addIssue({ code: "custom", message: "gemwire is Gemwire's own feed and has no address", path: [key] });
          else if (!(feedKeys as readonly string[]).includes(key)) {
            ctx.addIssue({ code: "custom", message: `is not a feed key (one of ${feedKeys.join(", ")})`, path: [key] });
          }
        }
      }),
    relays: z.array(httpUrl).max(10).optional(),
  })
  .strict();

export type Sources = {
  feeds: readonly FeedDefinition[];
  /** Fallback relays (proxies), tried in order with the URL-encoded address appended. */
  relays: readonly string[];
};

export class SourcesFileError extends Error {
  constructor(file: string, problems: string[]) {
    super(`SOURCES_FILE ${file} is not valid:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "SourcesFileError";
  }
}

/**
 * The feed catalog with SOURCES_FILE applied: `{ "feeds": { "<key>": "<address>" },
 * "relays": ["https://relay.example/?url="] }`. Keys it names replace the default address;
 * the others keep theirs.
 */
export function loadSources(file: string | undefined): Sources {
  if (!file) return { feeds: feedCatalog, relays: [] };
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new SourcesFileError(file, [(error as Error).message]);
  }
  const parsed = sourcesFileSchema.safeParse(data);
  if (!parsed.success) {
    throw new SourcesFileError(
      file,
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "(file)"} ${issue.message}`),
    );
  }
  const overrides = parsed.data.feeds ?? {};
  return {
    feeds: feedCatalog.map((feed) => (overrides[feed.key] ? { ...feed, url: overrides[feed.key] as string } : feed)),
    relays: parsed.data.relays ?? [],
  };
}

/**
 * The sources this process reads: SOURCES_FILE applied to the catalog, or, in sample
 * mode, every feed served by this very server from the samples that ship with Gemwire.
 */
export function resolveSources(config: { sourcesFile?: string; sampleMode: boolean; samplesUrl: string }): Sources {
  if (!config.sampleMode) return loadSources(config.sourcesFile);
  return {
    feeds: feedCatalog.map((feed) =>
      feed.url === null ? feed : { ...feed, url: `${config.samplesUrl}/feeds/${feed.key}` },
    ),
    relays: [],
  };
}
