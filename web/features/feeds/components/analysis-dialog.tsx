import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { ApiError, getJson } from "../../../lib/api-client.ts";
import { paths } from "../../../paths.ts";
import { analysisSettled, closeAnalysis, useAnalysis } from "../analysis-store.ts";

type Analysis = { story_title: string; key_points: string[]; tickers: string[] };

/** Spec §5: an analysis must carry story_title and a key_points list. */
function checked(answer: unknown): Analysis {
  const value = answer as Partial<Analysis> | null;
  if (!value || typeof value.story_title !== "string" || !Array.isArray(value.key_points)) {
    throw new Error("Invalid analysis data structure");
  }
  return { story_title: value.story_title, key_points: value.key_points, tickers: value.tickers ?? [] };
}

/**
 * Spec §2 Analysis dialog: loading, error or result (story title, key points, tickers).
 * Until the server's analyzer exists, the call fails and the dialog says so plainly.
 */
export function AnalysisDialog() {
  const { article } = useAnalysis();
  const analysis = useQuery({
    queryKey: ["analysis", article?.link],
    queryFn: async ({ signal }) => checked(await getJson(paths.api.analysis(article?.link ?? ""), signal)),
    enabled: article !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  // Analyze is enabled again once there is an answer or an error, fetched or cached.
  useEffect(() => {
    if (!analysis.isPending) analysisSettled();
  }, [analysis.isPending]);

  const unavailable = analysis.error instanceof ApiError && analysis.error.status === 404;
  return (
    <Dialog open={article !== null} onClose={closeAnalysis} title="Article analysis" description={article?.title}>
      {analysis.isPending ? (
        <Spinner label="Analyzing the article" />
      ) : analysis.isError ? (
        <div role="alert" className="rounded-lg border border-red-900/60 bg-red-950/30 p-4">
          <p className="font-medium text-red-200">
            {analysis.error.message === "Invalid analysis data structure"
              ? "Invalid analysis data structure"
              : "Analysis failed"}
          </p>
          <p className="mt-1 text-sm text-red-200/80">
            {unavailable ? "Article analysis is not available on this server yet." : analysis.error.message}
          </p>
        </div>
      ) : (
        <div className="space-y-4">
          <h3 className="font-semibold text-zinc-50">{analysis.data.story_title}</h3>
          <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-300">
            {analysis.data.key_points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          {analysis.data.tickers.length ? (
            <p className="text-sm text-muted">Tickers: {analysis.data.tickers.join(", ")}</p>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
