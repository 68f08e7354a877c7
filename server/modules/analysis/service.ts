import { createHash } from "node:crypto";
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
import { AppError, notFound } from "../../errors.ts";
import { fetchPage, type PageArticle, readPageIn, UnreadablePage } from "../../lib/article-page.ts";
import { clip } from "../../lib/article-text.ts";
import { workerBeside } from "../../lib/worker.ts";
import type { GuardedFetch } from "../../outbound/guarded-fetch.ts";
import { findPostBySlug } from "../content/blog-repository.ts";
import { storyIdOf } from "../stories/presenter.ts";
import { storiesOf } from "../stories/service.ts";
import type { CoinList } from "./coin-list.ts";
import { keyPoints } from "./key-points.ts";
import { type LlmSettings, summariseWithLlm } from "./llm.ts";
import { findOutcome, type Outcome, storeOutcome } from "./repository.ts";
import { PARAGRAPH_JOIN } from "./sentences.ts";
import { TickerCount } from "./tickers.ts";

/*
 * Article analysis (spec §7, docs/decisions/017): a page's title, key points and tickers.
 * Each address is analysed once a day whichever process is asked: outcomes are kept in
 * the database, a failing page's for a few minutes. In one process, requests for an
 * address being analysed wait for that analysis; only new work counts against the
 * asker's rate limit, and only a few pages are fetched and read at once.
 */

/** A page that failed is not fetched again for this long, whoever asks. */
export const FAILURE_CACHE_MS = 10 * 60_000;
/** Pages being fetched or read at once in a process (reading is one at a time): past this, 503. */
export const MAX_PAGES_AT_ONCE = 8;
/** A story's articles tried in turn for its lead when the first cannot be read. */
export const MAX_LEAD_TRIES = 3;
/** Longer addresses are kept under a shortened key (PostgreSQL indexes only so many bytes). */
const MAX_KEY = 2_000;

export type AnalysisServiceOptions = {
  database: Database;
  config: Pick<Config, "sampleMode" | "samplesUrl" | "storiesWindowMs">;
  log: FastifyBaseLogger;
  coins: CoinList;
  /** The guarded client for article pages. */
  pages: GuardedFetch;
  /** In sample mode, the client for this server's own sample articles (on loopback). */
  samples?: GuardedFetch;
  /** The optional LLM and its client. */
  llm?: { fetcher: GuardedFetch; settings: LlmSettings };
  now?: () => number;
};

/** Counts a new analysis against the asker's rate limit (throws 429 past it). */
export type ChargeAsker = () => Promise<void>;

/** Text to analyse: a headline and plain paragraphs, in a language (a tag, "" for unknown). */
type ArticleText = { headline: string; paragraphs: string[]; lang: string };

/** Reads a page body-only and chooses its key points, off the main thread (read-worker.ts). */
const readWorker = workerBeside(import.meta.url, "read-worker");

const failed = (status: number, reason: string) =>
  new AppError(status, status === 400 ? "invalid_request" : "bad_gateway", `${ANALYSIS_FAILED}: ${reason}`);

const busy = () =>
  new AppError(503, "unavailable", `${ANALYSIS_FAILED}: Gemwire is busy analysing other pages; try again in a minute`);

/** The address as kept: parsed, without its #fragment, a very long one shortened by a hash. */
export function cacheKey(url: string): string {
  const parsed = new URL(url);
  parsed.hash = "";
  const href = parsed.href;
  if (href.length <= MAX_KEY) return href;
  return `${href.slice(0, MAX_KEY - 72)}#sha256=${createHash("sha256").update(href).digest("hex")}`;
}

/** Where a key point quoted verbatim stands in the article's text; null for one that is not in it. */
function locate(text: string, joined: string, paragraphs: string[]): KeyPoint {
  const position = joined.indexOf(text);
  if (position < 0) return { text, paragraph: null, position: null };
  let paragraph = 0;
  for (let start = 0; paragraph < paragraphs.length; paragraph++) {
    start += (paragraphs[paragraph] as string).length + PARAGRAPH_JOIN.length;
    if (position < start) break;
  }
  return { text, paragraph: paragraph + 1, position };
}

export class AnalysisService {
  readonly #options: AnalysisServiceOptions;
  readonly #now: () => number;
  /** Analyses running in this process, by cache key: a second ask for one waits for it. */
  readonly #running = new Map<string, Promise<Analysis>>();
  #pagesAtOnce = 0;

  constructor(options: AnalysisServiceOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The analysis of the page at `url` (http(s), already checked by canAnalyze), or of a blog post's /blog/<slug>. */
  async analyse(url: string, charge: ChargeAsker): Promise<Analysis> {
    const slug = BLOG_POST_PATH.exec(url)?.[1];
    if (slug !== undefined) return this.#analyseBlogPost(slug, charge);
    const key = cacheKey(url);
    return this.#once(key, charge, true, () => this.#analysePage(key));
  }

  /**
   * A story's analysis: its lead article's (the first of its articles that can be
   * analysed and read, of the first few), with the tickers counted across every article
   * of the story (the lead's text, and each article's title and description as stored).
   */
  async analyseStory(scope: FeedKey, storyId: string, charge: ChargeAsker): Promise<StoryAnalysis> {
    const { database, config, coins } = this.#options;
    const stories = await storiesOf(database, scope, config.storiesWindowMs);
    const story = stories.find((candidate) => storyIdOf(candidate) === storyId);
    if (!story) {
      const hours = Math.round(config.storiesWindowMs / 3_600_000);
      throw notFound(
        `${ANALYSIS_FAILED}: there is no story ${storyId} in the ${scope} stories of the last ${hours} hours`,
      );
    }
    const candidates = story.articles.filter((article) => canAnalyze(article.link)).slice(0, MAX_LEAD_TRIES);
    if (candidates.length === 0) {
      throw failed(502, "none of this story's articles can be analysed (bloomberg.com and wsj.com pages are not)");
    }
    let firstFailure: AppError | undefined;
    for (const article of candidates) {
      let lead: Analysis;
      try {
        lead = await this.analyse(article.link, charge);
      } catch (error) {
        // A page that cannot be read leaves the lead to the next article; being busy or
        // rate-limited is the answer for the whole story.
        if (!(error instanceof AppError) || (error.statusCode !== 400 && error.statusCode !== 502)) throw error;
        firstFailure ??= error;
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
    throw firstFailure as AppError;
  }

  async #analyseBlogPost(slug: string, charge: ChargeAsker): Promise<Analysis> {
    const wanted = slug.toLowerCase();
    const post = SLUG.test(wanted) ? await findPostBySlug(this.#options.database, wanted) : undefined;
    if (!post) throw notFound(`${ANALYSIS_FAILED}: ${POST_NOT_FOUND}`);
    const url = blogPostUrl(post.slug);
    // An edited post is a new post to analyse.
    // A post is written by the admin and at most 100,000 characters: read in the main thread.
    const paragraphs = contentParagraphs(post.content);
    return this.#once(`${url}@${post.updated_at}`, charge, false, () =>
      this.#analyseText(
        url,
        { headline: post.title, paragraphs, lang: "" },
        keyPoints(paragraphs, ""),
        "the post has no sentences to quote",
      ),
    );
  }

  /**
   * The kept outcome for `key`; else the analysis already running for it; else a new
   * one, charged to the asker, kept when done (a page's failure too, briefly).
   */
  async #once(key: string, charge: ChargeAsker, readsPage: boolean, analyse: () => Promise<Analysis>) {
    const kept = await findOutcome(this.#options.database, key, this.#now());
    if (kept) return fromOutcome(kept);
    const running = this.#running.get(key);
    if (running) return running;
    // Busy is checked before the asker is charged, and again after (others may have started meanwhile).
    const full = () => readsPage && this.#pagesAtOnce >= MAX_PAGES_AT_ONCE;
    if (full()) throw busy();
    await charge();
    const started = this.#running.get(key);
    if (started) return started;
    if (full()) throw busy();
    const run = this.#run(key, readsPage, analyse).finally(() => this.#running.delete(key));
    this.#running.set(key, run);
    return run;
  }

  async #run(key: string, readsPage: boolean, analyse: () => Promise<Analysis>): Promise<Analysis> {
    if (readsPage) this.#pagesAtOnce++;
    try {
      const analysis = await analyse();
      await this.#keep(key, { analysis }, ANALYSIS_CACHE_MS);
      return analysis;
    } catch (error) {
      if (!(error instanceof UnreadablePage)) throw error;
      const failure = failed(error.status, error.reason);
      // What the page itself did is kept a while; an address refused before any fetch is not.
      if (error.status === 502) {
        await this.#keep(key, { failure: { status: 502, message: failure.message } }, FAILURE_CACHE_MS);
      }
      throw failure;
    } finally {
      if (readsPage) this.#pagesAtOnce--;
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

  async #analysePage(url: string): Promise<Analysis> {
    const { config, pages, samples } = this.#options;
    const ownSample = config.sampleMode && samples && url.startsWith(`${config.samplesUrl}/`);
    const page = await fetchPage(ownSample ? samples : pages, url);
    const read = await readPageIn<{ article: PageArticle; keyPoints: KeyPoint[] }>(readWorker, page, {
      bodyOnly: true,
    });
    return this.#analyseText(url, read.article, read.keyPoints, "no article was found on it");
  }

  /** The analysis of an article whose key points `extracted` are chosen already. */
  async #analyseText(url: string, article: ArticleText, extracted: KeyPoint[], noArticle: string): Promise<Analysis> {
    const { coins, llm, log } = this.#options;
    const { paragraphs } = article;
    if (extracted.length === 0) throw new UnreadablePage(502, noArticle);
    const count = new TickerCount(await coins.index());
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
      title = summary.story_title;
      points = summary.key_points.map((point) => locate(point, joined, paragraphs));
    }
    return {
      story_title: title,
      key_points: points,
      tickers: count.tickers(),
      url,
      method,
      analyzed_at: new Date(this.#now()).toISOString(),
    };
  }
}

function fromOutcome(outcome: Outcome): Analysis {
  if ("analysis" in outcome) return outcome.analysis;
  throw new AppError(outcome.failure.status, "bad_gateway", outcome.failure.message);
}
