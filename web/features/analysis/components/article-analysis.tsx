import { useQuery } from "@tanstack/react-query";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { AnalysisSubject } from "../../../lib/analysis.ts";
import { describeFailure } from "../analysis-answer.ts";
import { analysisQuery, FailureNotice, loadingLabel } from "./analysis-dialog.tsx";
import { AnalysisResult } from "./analysis-result.tsx";

/**
 * An article's analysis shown in place (the reader view), not in the dialog: the same query
 * and result, so an analysis opened from the card and from the reader is fetched once.
 */
export function ArticleAnalysis({ title, link }: { title: string; link: string }) {
  const subject: AnalysisSubject = { kind: "article", title, link };
  const analysis = useQuery(analysisQuery(subject));
  if (analysis.isPending) return <Spinner label={loadingLabel(subject)} />;
  if (analysis.isError) {
    return (
      <FailureNotice
        attempt={analysis.errorUpdatedAt}
        failure={describeFailure(analysis.error)}
        retrying={analysis.isFetching}
        onRetry={() => void analysis.refetch()}
      />
    );
  }
  return <AnalysisResult analysis={analysis.data} subject={subject} />;
}
