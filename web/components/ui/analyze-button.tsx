import { Sparkles } from "lucide-react";
import { type AnalysisSubject, isAnalysing, openAnalysis, useAnalysis } from "../../lib/analysis.ts";

/**
 * Opens the analysis dialog on an article, a blog post or a story. While that analysis is
 * on its way the button says so and waits, so a second press does not ask again.
 */
export function AnalyzeButton({
  subject,
  label = "Analyze",
  disabled = false,
  title,
  className,
}: {
  subject: AnalysisSubject;
  label?: string;
  disabled?: boolean;
  /** Why it is disabled, when it is. */
  title?: string;
  className: string;
}) {
  const busy = isAnalysing(useAnalysis(), subject);
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={() => openAnalysis(subject)}
      disabled={disabled || busy}
      title={title}
      className={className}
    >
      <Sparkles className="size-4" aria-hidden />
      {busy ? "Analyzing…" : label}
    </button>
  );
}
