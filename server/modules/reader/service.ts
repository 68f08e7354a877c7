import { canAnalyze } from "../../../contracts/analysis-catalog.ts";
import type { FeedItem } from "../../../contracts/feeds.ts";
import type { Reader } from "../../../contracts/reading.ts";
import type { StoryArticle } from "../../../contracts/stories.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError, invalidRequest, RateLimitedError } from "../../errors.ts";
import { UnreadablePage } from "../../lib/article-page.ts";
import { pageAddress } from "../analysis/addresses.ts";
import { MAX_PAGES_PER_ASKER, PageSlots } from "../analysis/page-slots.ts";
import type { Asker } from "../analysis/service.ts";
import { tallyArticles } from "../community/repository.ts";
import { presentArticles } from "../feeds/present-articles.ts";
import { findArticleByLink } from "../feeds/repository.ts";
import { isVisibleFeed, visibleFeedsOf } from "../feeds/visible-feeds.ts";
import { presentStoryArticle } from "../stories/presenter.ts";
import { storiesVisibleTo } from "../stories/visible.ts";
import type { PageReads, TimedRead } from "./page-reads.ts";

/*
 * The reader view (issue 17, docs/decisions/022): an article's readable text as blocks,
 * from the page read the analysis shares (page-reads.ts), with the stored article's
 * outlet, author, date, votes and comments, and its story's other sources. A page that
 * cannot be read is an answer too (status "failed" and why), so the view can offer the
 * original; only a malformed address is a 400.
 */

export const READER_BUSY = "Gemwire is busy reading other pages; try again in a minute";
/** Why an address in a private or local network is not read, whatever private sources allow. */
export const PRIVATE_PAGE = "the address points into a private or local network, which Gemwire never reads";

/** How long an asker holding their share of reads is told to wait: about one page's fetch and read. */
const ASKER_RETRY_SECONDS = 10;

export type ReaderServiceOptions = {
  database: Database;
  config: Pick<Config, "storiesWindowMs" | "memberFeeds">;
  reads: PageReads;
  now?: () => number;
};

type Context = { article: FeedItem | null; others: StoryArticle[] };
type Outcome = { ok: TimedRead } | { failed: string; readAt: number };

const hostOf = (url: URL) => url.hostname.replace(/^www\./, "").replace(/\.$/, "");

export class ReaderService {
  readonly #options: ReaderServiceOptions;
  readonly #now: () => number;
  /** Reads in hand in this process, and whose: as analyses (page-slots.ts), kept apart from theirs. */
  readonly #slots = new PageSlots();

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
    const [context, outcome] = await Promise.all([this.#context(url, viewerId), this.#outcome(parsed, asker)]);
    const { article, others } = context;
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
    const release = this.#slots.take(asker);
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
   * articles only to its followers.
   */
  async #context(link: string, viewerId: string | null): Promise<Context> {
    const { database, config } = this.#options;
    const [row, visible] = await Promise.all([
      findArticleByLink(database, link),
      visibleFeedsOf(database, config.memberFeeds ? viewerId : null),
    ]);
    const stories = await storiesVisibleTo(database, config.storiesWindowMs, visible);
    const story = stories.find((candidate) => candidate.articles.some((member) => member.link === link));
    const otherRows = story ? story.articles.filter((member) => member.link !== link) : [];
    const shownRow = row && isVisibleFeed(visible, row.feed_key) ? row : undefined;
    const [articles, tallies] = await Promise.all([
      shownRow ? presentArticles(database, [shownRow], viewerId, config.storiesWindowMs) : [],
      tallyArticles(
        database,
        otherRows.map((other) => other.link),
        null,
      ),
    ]);
    return {
      article: articles[0] ?? null,
      others: otherRows.map((other) => presentStoryArticle(other, tallies.get(other.link))),
    };
  }
}

/** A page's own date as ISO-8601, when it gives a valid one. */
function isoDate(text: string): string | null {
  if (!text) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
