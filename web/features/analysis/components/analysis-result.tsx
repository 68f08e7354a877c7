import { ExternalLink, Quote } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { KeyPoint, Ticker } from "../../../../contracts/analysis-catalog.ts";
import { type AnalysisSubject, closeAnalysis } from "../../../lib/analysis.ts";
import { hostOf } from "../../../lib/article-rules.ts";
import { sourceLabel } from "../../../lib/articles.ts";
import { formatDateTime, relativeTime } from "../../../lib/dates.ts";
import { httpLink } from "../../../lib/links.ts";
import { paths } from "../../../paths.ts";
import type { ShownAnalysis } from "../analysis-answer.ts";

const sectionHeading = "text-xs font-semibold uppercase tracking-wide text-muted";

/** An analysis result: the story's title, its key points quoted, and the tickers it names. */
export function AnalysisResult({ analysis, subject }: { analysis: ShownAnalysis; subject: AnalysisSubject }) {
  const headingId = useId();
  // Blog posts are quoted from their page on Gemwire; articles from their own address.
  const cite = httpLink(analysis.url) !== null || analysis.url.startsWith("/blog/") ? analysis.url : undefined;
  return (
    <article aria-labelledby={headingId} className="space-y-5">
      <header className="space-y-1">
        <h3 id={headingId} className="font-semibold leading-snug text-zinc-50">
          {analysis.story_title.trim() || subject.title}
        </h3>
        {subject.kind === "story" ? <StoryScope analysis={analysis} subject={subject} /> : null}
      </header>
      <KeyPoints points={analysis.key_points} cite={cite} extractive={analysis.method === "extractive"} />
      <Tickers tickers={analysis.tickers} />
      <AnalysisFooter analysis={analysis} subject={subject} />
    </article>
  );
}

/** A story's analysis reads one article and counts tickers across all: the reader is told which and how many. */
function StoryScope({
  analysis,
  subject,
}: {
  analysis: ShownAnalysis;
  subject: Extract<AnalysisSubject, { kind: "story" }>;
}) {
  const count = analysis.articles ?? subject.articles.length;
  const lead = subject.articles.find((article) => article.link === analysis.lead);
  const leadName = lead ? sourceLabel(lead.source) : analysis.lead ? hostOf(analysis.lead) : null;
  return (
    <p className="text-sm text-muted">
      Across {count} {count === 1 ? "article" : "articles"}
      {leadName ? (
        <>
          {" "}
          · key points from the lead article, by <span className="text-zinc-300">{leadName}</span>
          {lead ? <>: “{lead.title}”</> : null}
        </>
      ) : null}
    </p>
  );
}

function KeyPoints({
  points,
  cite,
  extractive,
}: {
  points: readonly KeyPoint[];
  cite: string | undefined;
  extractive: boolean;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className={sectionHeading}>
        Key points
      </h4>
      {points.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          No key points could be chosen: the text is too short to pick sentences from.
        </p>
      ) : (
        <ol className="mt-2 space-y-3">
          {points.map((point, index) => (
            // A quoted point is known by where it stands (two equal sentences may both be chosen); a summary by its place in the list.
            <li key={point.position === null ? `summary ${index}` : `at ${point.position}`}>
              <KeyPointQuote point={point} cite={cite} extractive={extractive} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * A key point chosen from the text is quoted verbatim, with the paragraph it comes from; one
 * written by the configured LLM has no place in the text and is marked as a summary instead.
 */
function KeyPointQuote({
  point,
  cite,
  extractive,
}: {
  point: KeyPoint;
  cite: string | undefined;
  extractive: boolean;
}) {
  const quoted = extractive || point.paragraph !== null || point.position !== null;
  return (
    <figure className="rounded-md border-l-2 border-gem/60 bg-zinc-900/60 py-2 pr-3 pl-3">
      {quoted ? (
        <blockquote cite={cite} className="flex gap-2 text-sm leading-relaxed text-zinc-200">
          <Quote className="mt-0.5 size-3.5 shrink-0 text-gem/70" aria-hidden />
          <p>{point.text}</p>
        </blockquote>
      ) : (
        <p className="text-sm leading-relaxed text-zinc-200">{point.text}</p>
      )}
      <figcaption className="mt-1 text-xs text-muted">
        {point.paragraph !== null ? `Paragraph ${point.paragraph}` : quoted ? "From the text" : "Summary"}
      </figcaption>
    </figure>
  );
}

function Tickers({ tickers }: { tickers: readonly Ticker[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className={sectionHeading}>
        Tickers
      </h4>
      {tickers.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No tickers found</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {tickers.map((ticker) => (
            <li key={ticker.symbol}>
              <TickerChip ticker={ticker} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const chip = "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs";

/** A ticker and how often it is named; a built-in token links to its page (and the dialog closes on the way). */
function TickerChip({ ticker }: { ticker: Ticker }) {
  const times = ticker.mentions === 1 ? "once" : `${ticker.mentions} times`;
  // The spaces keep the link's spoken name apart ("SOL Solana, named 5 times, a Solana token").
  const content = (
    <>
      <span className="font-semibold">{ticker.symbol}</span>{" "}
      {ticker.name && ticker.name.toUpperCase() !== ticker.symbol ? (
        <span className="text-zinc-400">{ticker.name}</span>
      ) : null}
      <span aria-hidden className="rounded bg-zinc-800 px-1 tabular-nums text-zinc-300">
        {ticker.mentions}×
      </span>
      <span className="sr-only">, named {times}</span>
      {ticker.solana ? (
        <span className="rounded bg-violet-500/20 px-1 font-medium text-violet-200">
          <span className="sr-only">, a </span>Solana<span className="sr-only"> token</span>
        </span>
      ) : null}
    </>
  );
  if (!ticker.token) return <span className={`${chip} border-line text-zinc-200`}>{content}</span>;
  return (
    <Link
      to={paths.token(ticker.symbol)}
      onClick={closeAnalysis}
      className={`${chip} border-gem/50 text-gem hover:bg-gem/10 hover:text-white`}
    >
      {content}
    </Link>
  );
}

/** How the analysis was made, when, and the way to the text it read. */
function AnalysisFooter({ analysis, subject }: { analysis: ShownAnalysis; subject: AnalysisSubject }) {
  const read = subject.kind === "story" ? (analysis.lead ?? "") : subject.kind === "article" ? subject.link : "";
  return (
    <footer className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-line pt-3 text-xs text-muted">
      <span>
        {analysis.method === "llm"
          ? "Summarized by AI"
          : `Key sentences chosen from the ${subject.kind === "post" ? "post" : "article"}`}
      </span>
      {analysis.analyzed_at ? (
        <span>
          Analyzed{" "}
          <time dateTime={analysis.analyzed_at} title={formatDateTime(analysis.analyzed_at)}>
            {relativeTime(analysis.analyzed_at)}
          </time>
        </span>
      ) : null}
      {httpLink(read) !== null ? (
        <a
          href={read}
          target="_blank"
          rel="noopener noreferrer"
          className="ml-auto inline-flex items-center gap-1 text-gem hover:text-white"
        >
          {subject.kind === "story" ? "Open the lead article" : "Open the article"}
          <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
    </footer>
  );
}
