import type { FastifyBaseLogger } from "fastify";
import {
  ANALYSIS_CACHE_MS,
  ANALYSIS_FAILED,
  type Analysis,
  BLOG_POST_PATH,
  canAnalyze,
  type KeyPoint,
  type StoryAnalysis,
} from "../../../contracts/analysis-catalog.ts";
import { blogPostUrl, contentParagraphs, POST_NOT_FOUND, SLUG } from "../../../contracts/content-catalog.ts";
import type { FeedKey } from "../../../contracts/feeds.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError, notFound, RateLimitedError } from "../../errors.ts";
import { READ_LIMITS, UnreadablePage } from "../../lib/article-page.ts";
import { clip } from "../../lib/html/dom-text.ts";
import { locate } from "../../lib/text/key-points.ts";
import { PARAGRAPH_JOIN } from "../../lib/text/sentences.ts";
import { runWorker, WorkerStopped, workerBeside } from "../../lib/worker.ts";
import type { GuardedFetch } from "../../outbound/guarded-fetch.ts";
import { TickerCount } from "../coins/index.ts";
import { findPostBySlug } from "../content/index.ts";
import type { PageReads } from "../pages/index.ts";
import { cacheKey, MAX_PAGES_PER_ASKER, pageAddress, type SlotHolder } from "../pages/index.ts";
import { storyIdOf } from "../stories/index.ts";
import { storiesOf } from "../stories/service.ts";
import type { CoinList } from "./coin-list.ts";
import { type LlmSettings, summariseWithLlm } from "./llm.ts";
import { findOutcome, type Outcome, storeOutcome } from "./repository.ts";

/*
 * Article analysis (docs/decisions/017): a page's title, key points and tickers.
 * Each address is analysed once a day whichever process is asked: outcomes are kept in
 * the database, a failing page's (or one made while the coin list or the LLM failed)
 * for a few minutes. In one process, requests for an address being analysed wait for
 * that analysis, free; only new work counts against the asker's rate limit, and only a
 * few analyses run at once (page-slots.ts, one pool with the reader view's).
 */

/** A page that failed is not fetched again for this long, whoever asks; a degraded analysis is kept only this long. */
export const FAILURE_CACHE_MS = 10 * 60_000;
/** A story's articles tried in turn for its lead when the first cannot be read. */
export const MAX_LEAD_TRIES = 3;
/** Longer addresses are kept under a shortened key (PostgreSQL indexes only so many bytes). */

export type AnalysisServiceOptions = {
  database: Database;
  config: Pick<Config, "storiesWindowMs">;
  log: FastifyBaseLogger;
  coins: CoinList;
  /** Article pages, fetched and read once for analyses and the reader view alike (docs/decisions/022). */
  reads: PageReads;
  /** The optional LLM and its client. */
  llm?: { fetcher: GuardedFetch; settings: LlmSettings };
  now?: () => number;
};

/** Who asks for an analysis (a member by account, anyone else by network), and how a new one is counted. */
export type Asker = SlotHolder & {
  /** Counts a new analysis against the asker's rate limit (throws 429 past it). */
  charge: () => Promise<void>;
};

/** Text to analyse: a headline and plain paragraphs, in a language (a tag, "" for unknown). */
type ArticleText = { headline: string; paragraphs: string[]; lang: string };

/** An analysis, and whether it was made while the coin list or the configured LLM failed (kept only briefly). */
type Result = { analysis: Analysis; degraded: boolean };

/** Ranks a post's paragraphs and chooses the key points off the main thread (pages are read by PageReads). */
const readWorker = workerBeside(import.meta.url, "read-worker");

const failed = (status: number, reason: string) =>
  new AppError(status, status === 400 ? "invalid_request" : "bad_gateway", `${ANALYSIS_FAILED}: ${reason}`);

const busy = () =>
  new AppError(503, "unavailable", `${ANALYSIS_FAILED}: Gemwire is busy analysing other pages; try again in a minute`);

/** How long an asker holding their share of analyses is told to wait: about one page's fetch and read. */
const ASKER_RETRY_SECONDS = 10;
const askerBusy = () =>
  new RateLimitedError(
    ASKER_RETRY_SECONDS,
    (seconds) =>
      `${ANALYSIS_FAILED}: you already have ${MAX_PAGES_PER_ASKER} analyses in progress. Try again in ${seconds} seconds.`,
  );

/** A story's articles none of which can be analysed: asking again will not change that (not retryable, unlike 502). */
const noneAnalysable = (why: string) =>
  new AppError(422, "invalid_request", `${ANALYSIS_FAILED}: none of this story's articles can be analysed (${why})`);

/** Why an address in a private or local network is refused: never analysed, whatever private sources allow. */
const PRIVATE_ADDRESS = "the address points into a private or local network, which Gemwire never analyses";

/** The asker with a charge made at most once, however many articles a story tries. */
function chargedOnce(asker: Asker): Asker {
  let charged: Promise<void> | undefined;
  return {
    ...asker,
    charge: () => {
      charged ??= asker.charge();
      return charged;
    },
  };
}

/** Thrown to the requests that joined an analysis whose starter was refused by the rate limit: they start their own. */
class NotStarted extends Error {
  constructor(readonly refusal: unknown) {
    super("the analysis was not started");
  }
}

export class AnalysisService {
  readonly #options: AnalysisServiceOptions;
  readonly #now: () => number;
  /** Analyses running in this process, by cache key: a second ask for one waits for it. */
  readonly #running = new Map<string, Promise<Analysis>>();

  constructor(options: AnalysisServiceOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The analysis of the page at `url` (http(s), already checked by canAnalyze), or of a blog post's /blog/<slug>. */
  async analyse(url: string, asker: Asker): Promise<Analysis> {
    const slug = BLOG_POST_PATH.exec(url)?.[1];
    if (slug !== undefined) return this.#analyseBlogPost(slug, asker);
    // The key may be shortened; the page fetched, and answered, is the address itself.
    const address = pageAddress(url);
    return this.#once(cacheKey(address), asker, () => this.#analysePage(address));
  }

  /**
   * A story's analysis: its lead article's (the first of its articles that can be
   * analysed and read, of the first few), with the tickers counted across every article
   * of the story (the lead's text, and each article's title and description as stored).
   */
  async analyseStory(scope: FeedKey, storyId: string, asker: Asker): Promise<StoryAnalysis> {
    const { database, config, coins } = this.#options;
    // Analyses are shared by everyone: of the public stories, which members' feeds take no part in.
    const stories = await storiesOf(database, scope, config.storiesWindowMs);
    const story = stories.find((candidate) => storyIdOf(candidate) === storyId);
    if (!story) {
      const hours = Math.round(config.storiesWindowMs / 3_600_000);
      throw notFound(
        `${ANALYSIS_FAILED}: there is no story ${storyId} in the ${scope} stories of the last ${hours} hours`,
      );
    }
    const candidates = story.articles.filter((article) => canAnalyze(article.link)).slice(0, MAX_LEAD_TRIES);
    if (candidates.length === 0) throw noneAnalysable("bloomberg.com and wsj.com pages are not");
    // The story is one request: a new analysis for its lead is charged once, whichever article it is.
    const once = chargedOnce(asker);
    let firstFailure: AppError | undefined;
    let firstRefusal: AppError | undefined;
    for (const article of candidates) {
      let lead: Analysis;
      try {
        lead = await this.analyse(article.link, once);
      } catch (error) {
        // A page that cannot be read, or an address refused, leaves the lead to the next
        // article; being busy or rate-limited is the answer for the whole story.
        if (!(error instanceof AppError) || (error.statusCode !== 400 && error.statusCode !== 502)) throw error;
        if (error.statusCode === 502) firstFailure ??= error;
        else firstRefusal ??= error;
        continue;
      }
      const count = new TickerCount(await coins.index());
      count.addFound(lead.tickers);
      for (const row of story.articles) {
        count.count(row.title);
        count.count(row.description);
      }
      return { ...lead, tickers: count.tickers(), lead: article.link, articles: story.articles.length };
    }
    // A page that failed may answer later (502, retryable); addresses refused never will.
    if (firstFailure) throw firstFailure;
    throw noneAnalysable((firstRefusal as AppError).message.replace(`${ANALYSIS_FAILED}: `, ""));
  }

  async #analyseBlogPost(slug: string, asker: Asker): Promise<Analysis> {
    const wanted = slug.toLowerCase();
    const post = SLUG.test(wanted) ? await findPostBySlug(this.#options.database, wanted) : undefined;
    if (!post) throw notFound(`${ANALYSIS_FAILED}: ${POST_NOT_FOUND}`);
    const url = blogPostUrl(post.slug);
    const paragraphs = contentParagraphs(post.content);
    // An edited post is a new post to analyse.
    return this.#once(`${url}@${post.updated_at}`, asker, async () =>
      this.#analyseText(
        url,
        { headline: post.title, paragraphs, lang: "" },
        await rankInWorker(paragraphs),
        "the post has no sentences to quote",
      ),
    );
  }

  /**
   * The kept outcome for `key`; else the analysis already running for it (joined free);
   * else a new one: a slot is taken first (429 or 503 without charging the asker), then
   * the asker is charged, and the outcome kept when done (a page's failure too, briefly).
   */
  async #once(key: string, asker: Asker, analyse: () => Promise<Result>): Promise<Analysis> {
    const kept = await findOutcome(this.#options.database, key, this.#now());
    if (kept) return fromOutcome(kept);
    for (let running = this.#running.get(key); running; running = this.#running.get(key)) {
      try {
        return await running;
      } catch (error) {
        // Its starter was over their rate limit: this ask starts the analysis itself.
        if (!(error instanceof NotStarted)) throw error;
      }
    }
    // The pool the reader view takes from too: one cap per process and per asker for both.
    const release = this.#options.reads.slots.take(asker);
    if (release === "asker") throw askerBusy();
    if (release === "busy") throw busy();
    // Registered before the charge is awaited, so an ask meanwhile joins this one.
    const run = this.#chargeAndRun(key, asker, analyse).finally(() => {
      release();
      this.#running.delete(key);
    });
    this.#running.set(key, run);
    try {
      return await run;
    } catch (error) {
      throw error instanceof NotStarted ? error.refusal : error;
    }
  }

  async #chargeAndRun(key: string, asker: Asker, analyse: () => Promise<Result>): Promise<Analysis> {
    try {
      await asker.charge();
    } catch (error) {
      throw new NotStarted(error);
    }
    try {
      const { analysis, degraded } = await analyse();
      // Made while the coin list or the LLM failed: kept only until they may be back.
      await this.#keep(key, { analysis }, degraded ? FAILURE_CACHE_MS : ANALYSIS_CACHE_MS);
      return analysis;
    } catch (error) {
      if (!(error instanceof UnreadablePage)) throw error;
      const failure = failed(error.status, error.privateAddress ? PRIVATE_ADDRESS : error.reason);
      // What the page itself did is kept a while; an address refused before any fetch is not.
      if (error.status === 502) {
        await this.#keep(key, { failure: { status: 502, message: failure.message } }, FAILURE_CACHE_MS);
      }
      throw failure;
    }
  }

  /** Keeps an outcome; a database hiccup costs only the next ask a new analysis. */
  async #keep(key: string, outcome: Outcome, forMs: number): Promise<void> {
    const now = this.#now();
    try {
      await storeOutcome(this.#options.database, key, outcome, now, now + forMs);
    } catch (error) {
      this.#options.log.error({ err: error }, "could not keep an analysis");
    }
  }

  async #analysePage(url: string): Promise<Result> {
    // This analysis holds its slot and has been charged already: a read is let start as is.
    const { read } = await this.#options.reads.read(url, async () => () => {});
    return this.#analyseText(url, read.article, read.keyPoints, "no article was found on it");
  }

  /** The analysis of an article whose key points `extracted` are chosen already. */
  async #analyseText(url: string, article: ArticleText, extracted: KeyPoint[], noArticle: string): Promise<Result> {
    const { coins, llm, log } = this.#options;
    const { paragraphs } = article;
    if (extracted.length === 0) throw new UnreadablePage(502, noArticle);
    const index = await coins.index();
    const count = new TickerCount(index);
    for (const text of [article.headline, ...paragraphs]) count.count(text);
    let method: Analysis["method"] = "extractive";
    let title = article.headline || clip((extracted[0] as KeyPoint).text, 120);
    let points = extracted;
    const summary = llm
      ? await summariseWithLlm(llm.fetcher, llm.settings, { title: article.headline, paragraphs }, log)
      : null;
    if (summary) {
      const joined = paragraphs.join(PARAGRAPH_JOIN);
      method = "llm";
      // The key points come from the model; the headline stays the article's own when it has one.
      title = article.headline || summary.story_title;
      points = summary.key_points.map((point) => locate(point, joined, paragraphs));
    }
    const analysis: Analysis = {
      story_title: title,
      key_points: points,
      tickers: count.tickers(),
      url,
      method,
      analyzed_at: new Date(this.#now()).toISOString(),
    };
    return { analysis, degraded: index.source === "built-in" || (llm !== undefined && summary === null) };
  }
}

/** A post's key points, chosen in a worker: a post may hold 100,000 characters, too many to rank on the main thread. */
async function rankInWorker(paragraphs: string[]): Promise<KeyPoint[]> {
  try {
    const ranked = await runWorker<{ keyPoints: KeyPoint[] }>(readWorker, {
      workerData: { paragraphs, lang: "" },
      ...READ_LIMITS,
    });
    return ranked.keyPoints;
  } catch (error) {
    if (!(error instanceof WorkerStopped)) throw error;
    throw new UnreadablePage(502, "its sentences could not be ranked within Gemwire's limits");
  }
}

function fromOutcome(outcome: Outcome): Analysis {
  if ("analysis" in outcome) return outcome.analysis;
  throw new AppError(outcome.failure.status, "bad_gateway", outcome.failure.message);
}
