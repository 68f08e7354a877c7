import { TriangleAlert } from "lucide-react";
import type { Trends } from "../../../../contracts/trends.ts";
import { nextTryLabel, pastLabel } from "../../../lib/dates.ts";
import { type FailingSource, failingSources } from "../trend-display.ts";

/** Sources that failed alike (one unreachable host, say) are named together, once. */
function sameFailures(failing: FailingSource[]) {
  const groups = new Map<string, { key: string; names: string[]; reason: string; since: string }>();
  for (const source of failing) {
    const since = source.lastSuccessAt ? `Last read ${pastLabel(source.lastSuccessAt)}.` : "Never read yet.";
    const key = `${source.reason}\u0000${since}`;
    const group = groups.get(key) ?? { key, names: [], reason: source.reason, since };
    group.names.push(source.name);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * What failed, in place: the sources whose last read failed, why, when each last worked,
 * when the next read is and how old the trends shown are. Before any read, says that the
 * first one is coming rather than showing a list that looks empty for no reason.
 */
export function SourcesNotice({ answer }: { answer: Trends }) {
  const failing = failingSources(answer);
  if (failing.length === 0) {
    if (answer.updatedAt !== null) return null;
    return (
      <p role="status" className="rounded-md border border-line bg-panel/60 px-3 py-2 text-sm text-muted">
        Gemwire has not read the search trends yet; the first read is {nextTryLabel(answer.nextUpdateAt)}.
      </p>
    );
  }
  const every = failing.length === answer.sources.length;
  return (
    <div
      role={every ? "alert" : "status"}
      className={`space-y-2 rounded-xl border p-4 text-sm ${
        every ? "border-red-900/60 bg-red-950/30 text-red-100" : "border-amber-900/60 bg-amber-950/30 text-amber-100"
      }`}
    >
      <p className="flex items-start gap-2 font-medium">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          {every
            ? "No source of search trends could be read at the last try."
            : `${failing.length} of ${answer.sources.length} sources of search trends could not be read at the last try.`}
        </span>
      </p>
      <ul className="space-y-1 pl-6">
        {sameFailures(failing).map((group) => (
          <li key={group.key}>
            <strong className="font-semibold">{group.names.join(", ")}:</strong> {group.reason} {group.since}
          </li>
        ))}
      </ul>
      <p className="pl-6 opacity-90">
        Next try {nextTryLabel(answer.nextUpdateAt)}.{" "}
        {answer.updatedAt
          ? `The trends shown were last updated ${pastLabel(answer.updatedAt)}.`
          : "No trends have been read yet."}
      </p>
    </div>
  );
}
