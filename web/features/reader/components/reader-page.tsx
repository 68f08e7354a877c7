import { ArrowLeft, ExternalLink, TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { Reader } from "../../../../contracts/reading.ts";
import { ArticleTime } from "../../../components/ui/article-time.tsx";
import { LoadError } from "../../../components/ui/list-states.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { sourceLabel } from "../../../lib/articles.ts";
import { formatDate, formatDateTime } from "../../../lib/dates.ts";
import { httpLink } from "../../../lib/links.ts";
import { useReadState } from "../../../lib/read-state.ts";
import { paths } from "../../../paths.ts";
import { READER_FAILED, useReader } from "../api.ts";
import { ReaderBlocks } from "./reader-blocks.tsx";

/** What the app adds around the text (features do not import each other): the analysis and the comments. */
export type ReaderParts = {
  /** The article's key points and tickers. */
  renderAnalysis: (article: { title: string; link: string }) => ReactNode;
  /** The comments on the article's link. */
  renderComments: (link: string) => ReactNode;
};

/**
 * An article opened in the reader view is read: marked once per address, when
 * the answer says whether the member had read it already.
 */
function useMarkOpened(link: string | null, answer: Reader | undefined) {
  const reading = useReadState();
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!link || !answer || marked.current === link) return;
    marked.current = link;
    reading.mark([{ link, id: answer.article?.id ?? link, read: answer.article?.read ?? false }], true);
  }, [link, answer, reading]);
}

const hostOf = (link: string) => new URL(link).hostname.replace(/^www\./, "");
const sectionHeading = "text-sm font-semibold uppercase tracking-wide text-muted";
const originalButton =
  "inline-flex items-center gap-1.5 rounded-md border border-gem/60 px-3 py-1.5 text-sm font-medium text-gem hover:bg-gem/10";

/**
 * /read?url=…, an article read inside Gemwire: its text as the server read it
 * (blocks of plain text, never markup), outlet, author and date, "Open original", its key
 * points and tickers, the story's other sources and the comments. A page that could not be
 * read says why and offers the original instead.
 */
export function ReaderPage({ renderAnalysis, renderComments }: ReaderParts) {
  const [params] = useSearchParams();
  const given = params.get("url") ?? "";
  const link = httpLink(given) ? given : null;
  const query = useReader(link);
  useMarkOpened(link, query.data);
  // A new page opens at its top, not where the list it came from was scrolled to.
  useEffect(() => {
    if (link) window.scrollTo({ top: 0 });
  }, [link]);

  if (!link) {
    return (
      <Page title="Reader view">
        <BackLink />
        <p className="mt-4 text-muted">
          There is no article to read here: the reader view opens an article's http(s) address.
        </p>
      </Page>
    );
  }
  if (query.isPending) {
    return (
      <Page title="Reader view">
        <BackLink />
        <div className="mt-4">
          <Spinner label={`Reading the article on ${hostOf(link)}`} />
        </div>
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title="Reader view">
        <BackLink />
        <div className="mt-4 space-y-3">
          <LoadError message={[READER_FAILED, query.error.message]} onRetry={() => void query.refetch()} />
          <OpenOriginal link={link} />
        </div>
      </Page>
    );
  }
  const reader = query.data;
  return (
    <Page title={reader.title} description={<Byline reader={reader} />} actions={<OpenOriginal link={link} />}>
      <BackLink />
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-10">
          {reader.status === "ok" ? (
            <article aria-label="Article text">
              <ReaderBlocks blocks={reader.blocks} />
              <p className="mt-8 text-xs text-muted">
                Read from {hostOf(link)} on{" "}
                <time dateTime={reader.readAt} title={formatDateTime(reader.readAt)}>
                  {formatDate(reader.readAt)}
                </time>
                ; the site's own page may show more (pictures, tables, comments).
              </p>
            </article>
          ) : (
            <Unreadable reason={reader.reason} link={link} />
          )}
          {/* Comments belong to the articles Gemwire stores: none for a page it could not place. */}
          {reader.article ? renderComments(link) : null}
        </div>
        <aside className="space-y-8" aria-label="About this article">
          {reader.status === "ok" ? (
            <Section title="Analysis">{renderAnalysis({ title: reader.title, link })}</Section>
          ) : null}
          <OtherSources reader={reader} />
        </aside>
      </div>
    </Page>
  );
}

/** Back to the list the reader came from; home when the reader view was opened directly. */
function BackLink() {
  const navigate = useNavigate();
  return (
    <Link
      to={paths.home}
      onClick={(event) => {
        // React Router counts the entries of this visit: one before this page is where the reader came from.
        if ((window.history.state?.idx ?? 0) > 0) {
          event.preventDefault();
          void navigate(-1);
        }
      }}
      className="inline-flex items-center gap-1 text-sm text-muted hover:text-zinc-100"
    >
      <ArrowLeft className="size-4" aria-hidden />
      Back
    </Link>
  );
}

function OpenOriginal({ link }: { link: string }) {
  return (
    <a href={link} target="_blank" rel="noopener noreferrer" className={originalButton}>
      <ExternalLink className="size-4" aria-hidden />
      Open original
    </a>
  );
}

/** Outlet, author and date, as the feed or the page gives them. */
function Byline({ reader }: { reader: Reader }) {
  const parts = [reader.outlet ? sourceLabel(reader.outlet) : null, reader.byline ? `by ${reader.byline}` : null];
  return (
    <span className="flex flex-wrap gap-x-2 text-sm">
      {parts.filter(Boolean).join(" · ")}
      {reader.publishedAt ? (
        <>
          {parts.some(Boolean) ? <span aria-hidden>·</span> : null}
          <time dateTime={reader.publishedAt} title={formatDateTime(reader.publishedAt)}>
            {formatDate(reader.publishedAt)}
          </time>
        </>
      ) : null}
    </span>
  );
}

/** Why the page could not be read, in place of its text, and the way to read it on its site. */
function Unreadable({ reason, link }: { reason: string | null; link: string }) {
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-amber-900/60 bg-amber-950/30 p-4">
      <div className="flex items-start gap-2">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden />
        <div className="space-y-1">
          <p className="font-medium text-amber-100">Gemwire could not read this page</p>
          {reason ? <p className="text-sm text-amber-100/80">Because {reason}.</p> : null}
          <p className="text-sm text-amber-100/80">You can still read it on {hostOf(link)}.</p>
        </div>
      </div>
      <OpenOriginal link={link} />
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className={sectionHeading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The story's other articles: each readable here too, or on its site. */
function OtherSources({ reader }: { reader: Reader }) {
  if (reader.others.length === 0) return null;
  return (
    <Section title={`Other sources (${reader.others.length})`}>
      <ul className="space-y-3">
        {reader.others.map((other) => (
          <li key={other.link} className="text-sm">
            <Link to={paths.reader(other.link)} className="font-medium text-zinc-100 hover:text-gem">
              {other.title}
            </Link>
            <p className="text-xs text-muted">
              {sourceLabel(other.source)} · <ArticleTime item={other} format="date" className="" />
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
