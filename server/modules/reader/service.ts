import { canAnalyze } from "../../../contracts/analysis-catalog.ts";
import type { FeedItem } from "../../../contracts/feeds.ts";
import type { Reader } from "../../../contracts/reading.ts";
import type { StoryArticle } from "../../../contracts/stories.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError, invalidRequest, RateLimitedError } from "../../errors.ts";
import { UnreadablePage } from "../../lib/article-page.ts";
import type { Asker } from "../analysis/service.ts";
import { findArticleByLink, tallyArticles, visibleFeedKeys, visibleFeedsOf } from "../articles/index.ts";
import { hasFavorite } from "../community/index.ts";
import type { PageReads, TimedRead } from "../pages/index.ts";
import { MAX_PAGES_PER_ASKER, pageAddress } from "../pages/index.ts";
import { presentArticles, presentStoryArticle, storiesVisibleTo } from "../stories/index.ts";

/*
 * The reader view (docs/decisions/022): an article's readable text as blocks,
 * from the page read the analysis shares (page-reads.ts), with the stored article's
 * outlet, author, date, votes and comments, and its story's other sources. Only articles
 * Gemwire knows are read: a stored article the viewer may see, or one of their favorites;
 * any other address would make Gemwire show a stranger's page under its own name (and
 * fill the shared cache for them). A page that cannot or may not be read is an answer too
 * (status "failed" and why), so the view can offer the original; only a malformed
 * address is a 400.
 */

export const READER_BUSY = "Gemwire is busy reading other pages; try again in a minute";
/** Why an address in a private or local network is not read, whatever private sources allow. */
export const PRIVATE_PAGE = "the address points into a private or local network, which Gemwire never reads";
/** Why an address that is neither an article the viewer may see nor one of their favorites is not read. */
export const NOT_KNOWN =
  "Gemwire opens only articles from its feeds and your favorites here. Open the original instead";

/** How long an asker holding their share of reads is told to wait: about one page's fetch and read. */
const ASKER_RETRY_SECONDS = 10;

export type ReaderServiceOptions = {
  database: Database;
  config: Pick<Config, "storiesWindowMs" | "memberFeeds">;
  reads: PageReads;
  now?: () => number;
};

/** The stored article as the viewer sees it, its story's other sources, and whether Gemwire may read the page for them. */
type Context = { article: FeedItem | null; others: StoryArticle[]; known: boolean };
type Outcome = { ok: TimedRead } | { failed: string; readAt: number };

const hostOf = (url: URL) => url.hostname.replace(/^www\./, "").replace(/\.$/, "");

export class ReaderService {
  readonly #options: ReaderServiceOptions;
  readonly #now: () => number;

  constructor(options: ReaderServiceOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The reader view of the article at `url`, for a viewer (their votes) who asks as `asker`. */
  async read(url: string, asker: Asker, viewerId: string | null): Promise<Reader> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalidRequest("url must be an http(s) address");
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw invalidRequest("url must be an http(s) address");
    }
    const { article, others, known } = await this.#context(url, viewerId);
    // Decided before anything is fetched or charged: an unknown address costs one indexed look-up.
    const outcome: Outcome = known ? await this.#outcome(parsed, asker) : { failed: NOT_KNOWN, readAt: this.#now() };
    const base = {
      url,
      byline: article?.creator || null,
      outlet: article?.source || hostOf(parsed),
      publishedAt: article?.pubDate ?? null,
      article,
      others,
    };
    if ("failed" in outcome) {
      return {
        ...base,
        status: "failed",
        reason: outcome.failed,
        title: article?.title || hostOf(parsed),
        blocks: [],
        readAt: new Date(outcome.readAt).toISOString(),
      };
    }
    const { read, readAt } = outcome.ok;
    const page = {
      ...base,
      title: article?.title || read.article.headline || read.article.title || hostOf(parsed),
      byline: base.byline || read.article.author || null,
      outlet: article?.source || read.view.siteName || base.outlet,
      publishedAt: base.publishedAt ?? isoDate(read.view.publishedTime),
      readAt: new Date(readAt).toISOString(),
    };
    const reason =
      read.paywall ?? (read.view.blocks.some((block) => block.type !== "image") ? null : "no article was found on it");
    if (reason) return { ...page, status: "failed", reason, blocks: [] };
    return { ...page, status: "ok", reason: null, blocks: read.view.blocks };
  }

  /** The page read, or why it cannot be (the address's or the page's fault; never a 4xx/5xx of this API). */
  async #outcome(url: URL, asker: Asker): Promise<Outcome> {
    if (!canAnalyze(url.href)) {
      return {
        failed: `${hostOf(url)} does not let its articles be read outside its own site, so Gemwire does not fetch them`,
        readAt: this.#now(),
      };
    }
    try {
      return { ok: await this.#options.reads.read(pageAddress(url.href), () => this.#admit(asker)) };
    } catch (error) {
      if (!(error instanceof UnreadablePage)) throw error;
      return { failed: error.privateAddress ? PRIVATE_PAGE : error.reason, readAt: this.#now() };
    }
  }

  /** A slot first (429 or 503 without charging the asker), then the charge against their rate limit. */
  async #admit(asker: Asker): Promise<() => void> {
    // The pool the analysis takes from too: one cap per process and per asker for both.
    const release = this.#options.reads.slots.take(asker);
    if (release === "asker") {
      throw new RateLimitedError(
        ASKER_RETRY_SECONDS,
        (seconds) => `You already have ${MAX_PAGES_PER_ASKER} pages being read. Try again in ${seconds} seconds.`,
      );
    }
    if (release === "busy") throw new AppError(503, "unavailable", READER_BUSY);
    try {
      await asker.charge();
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }

  /**
   * The stored article at `link` (votes, story, coins, the viewer's read state), and the
   * other articles of its story — both as the viewer's lists show them: a member feed's
   * articles only to its followers (when members' feeds are on), its public copy for
   * everyone else — and whether the page is one Gemwire reads for this viewer.
   */
  async #context(link: string, viewerId: string | null): Promise<Context> {
    const { database, config } = this.#options;
    const [visible, favorite] = await Promise.all([
      visibleFeedsOf(database, config.memberFeeds ? viewerId : null),
      viewerId === null ? false : hasFavorite(database, viewerId, link),
    ]);
    const [row, stories] = await Promise.all([
      findArticleByLink(database, link, visibleFeedKeys(visible)),
      storiesVisibleTo(database, config.storiesWindowMs, visible),
    ]);
    const story = stories.find((candidate) => candidate.articles.some((member) => member.link === link));
    const otherRows = story ? story.articles.filter((member) => member.link !== link) : [];
    const [articles, tallies] = await Promise.all([
      row ? presentArticles(database, [row], { viewerId, storiesWindowMs: config.storiesWindowMs, visible }) : [],
      tallyArticles(
        database,
        otherRows.map((other) => other.link),
        null,
      ),
    ]);
    return {
      article: articles[0] ?? null,
      others: otherRows.map((other) => presentStoryArticle(other, tallies.get(other.link))),
      known: row !== undefined || favorite,
    };
  }
}

/** A page's own date as ISO-8601, when it gives a valid one. */
function isoDate(text: string): string | null {
  if (!text) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
