import { useQuery } from "@tanstack/react-query";
import { RefreshCw, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import {
  type AnalysisSubject,
  closeAnalysis,
  setAnalysisLoading,
  subjectKey,
  useAnalysis,
} from "../../../lib/analysis.ts";
import { getJson } from "../../../lib/api-client.ts";
import { hostOf } from "../../../lib/article-rules.ts";
import { paths } from "../../../paths.ts";
import { type AnalysisFailure, describeFailure, readAnalysis, type ShownAnalysis } from "../analysis-answer.ts";
import { AnalysisResult } from "./analysis-result.tsx";

const titles: Record<AnalysisSubject["kind"], string> = {
  article: "Article analysis",
  post: "Blog post analysis",
  story: "Story analysis",
};

function addressOf(subject: AnalysisSubject): string {
  switch (subject.kind) {
    case "article":
      return paths.api.analysis(subject.link);
    case "post":
      return paths.api.analysis(subject.url);
    case "story":
      return paths.api.storyAnalysis(subject.feed, subject.story);
  }
}

/** One query per subject, shared by the dialog and the reader view's analysis: the same answer is fetched once. */
export function analysisQuery(subject: AnalysisSubject | null) {
  return {
    queryKey: ["analysis", ...(subject ? subjectKey(subject) : [])],
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      readAnalysis(await getJson<unknown>(subject ? addressOf(subject) : "", signal)),
    enabled: subject !== null,
    retry: false,
    // The server keeps an analysis a day; within a visit the first answer is reused.
    staleTime: Number.POSITIVE_INFINITY,
  };
}

/** What the spinner says is being read, so a slow analysis is not a mystery. */
export function loadingLabel(subject: AnalysisSubject): string {
  switch (subject.kind) {
    case "article": {
      const host = hostOf(subject.link);
      return host ? `Reading the article on ${host} and choosing its key points` : "Reading the article";
    }
    case "post":
      return "Reading the blog post and choosing its key points";
    case "story":
      return `Reading the story's lead article and counting tickers across its ${subject.articles.length} articles`;
  }
}

/** A screen reader hears that the result is in (a failure speaks for itself, as an alert). */
function readyText(analysis: ShownAnalysis | undefined): string {
  if (!analysis) return "";
  const points = analysis.key_points.length;
  const tickers = analysis.tickers.length;
  return `Analysis ready: ${points} key ${points === 1 ? "point" : "points"}, ${tickers} ${tickers === 1 ? "ticker" : "tickers"}.`;
}

/**
 * The analysis dialog: loading, error or result (story title, key points, tickers) for
 * an article, a blog post or a whole story, whichever opened it (lib/analysis.ts).
 */
export function AnalysisDialog() {
  const { subject } = useAnalysis();
  const analysis = useQuery(analysisQuery(subject));

  // What opened the dialog waits (and says so) until there is an answer, fetched, cached or failed.
  useEffect(() => setAnalysisLoading(analysis.isFetching), [analysis.isFetching]);

  if (!subject) return null;
  const loading = analysis.isPending;
  const failure = analysis.isError ? describeFailure(analysis.error) : null;

  return (
    <Dialog open onClose={closeAnalysis} title={titles[subject.kind]} description={subject.title}>
      <p role="status" className="sr-only">
        {analysis.isSuccess ? readyText(analysis.data) : ""}
      </p>
      {loading ? (
        <Spinner label={loadingLabel(subject)} />
      ) : failure ? (
        <FailureNotice
          attempt={analysis.errorUpdatedAt}
          failure={failure}
          retrying={analysis.isFetching}
          onRetry={() => void analysis.refetch()}
        />
      ) : analysis.data ? (
        <AnalysisResult analysis={analysis.data} subject={subject} />
      ) : null}
    </Dialog>
  );
}

/**
 * A failed analysis: 'Analysis failed' (or 'Invalid analysis data structure'), the reason under it, and
 * a way on. A retry keeps the notice (and the focus on its button) until the new answer is in.
 */
export function FailureNotice({
  attempt,
  failure,
  retrying,
  onRetry,
}: {
  /** When the failure came: a retry that fails again is new text in the alert, so it is heard again. */
  attempt: number;
  failure: AnalysisFailure;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="space-y-3 rounded-lg border border-red-900/60 bg-red-950/30 p-4">
      <div className="flex items-start gap-2">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-red-300" aria-hidden />
        <div key={attempt} className="space-y-1">
          <p className="font-medium text-red-200">{failure.title}</p>
          <p className="text-sm text-red-200/80">{failure.reason}</p>
          {failure.wait ? (
            <p className="text-sm text-red-200/80">
              Analyses are limited per visitor to keep the server responsive. Wait a moment before trying again.
            </p>
          ) : null}
        </div>
      </div>
      {failure.retry ? (
        <button
          type="button"
          onClick={retrying ? undefined : onRetry}
          aria-disabled={retrying || undefined}
          className="inline-flex items-center gap-1.5 rounded-md border border-red-800 px-3 py-1.5 text-sm text-red-100 hover:bg-red-900/40 aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          <RefreshCw className={`size-4 ${retrying ? "animate-spin motion-reduce:animate-none" : ""}`} aria-hidden />
          {retrying ? "Retrying…" : "Retry"}
        </button>
      ) : null}
    </div>
  );
}
