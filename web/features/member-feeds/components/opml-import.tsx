import { Download } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { MAX_OPML_BYTES } from "../../../../contracts/reading-catalog.ts";
import { FormError } from "../../../components/ui/form.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { secondaryButton } from "../../../components/ui/styles.ts";
import { paths } from "../../../paths.ts";
import { type OpmlLine, type OpmlReport, useImportOpml } from "../api.ts";

/** The words of contracts/reading.ts opmlImportBodySchema, said before the file is sent. */
export const OPML_TOO_BIG = `The OPML file must be at most ${MAX_OPML_BYTES / 1_000_000} MB`;
export const OPML_EMPTY = "The OPML file is empty";

const resultLabels: Record<OpmlLine["result"], string> = { added: "Added", skipped: "Skipped", refused: "Refused" };
const resultTones: Record<OpmlLine["result"], string> = {
  added: "text-emerald-300",
  skipped: "text-zinc-300",
  refused: "text-red-300",
};

/** 'Export OPML' (a download of the member's feeds) and 'Import OPML' with its per-line report. */
export function OpmlTools() {
  const inputId = useId();
  const importing = useImportOpml();
  const [localError, setLocalError] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file may be chosen again after a fix: the input forgets it.
    input.value = "";
    if (!file) return;
    importing.reset();
    setLocalError(null);
    // Checked here first: a file too big is refused without sending a megabyte for nothing.
    if (file.size > MAX_OPML_BYTES) return setLocalError(OPML_TOO_BIG);
    if (file.size === 0) return setLocalError(OPML_EMPTY);
    let text: string;
    try {
      text = await file.text();
    } catch {
      return setLocalError("The file could not be read. Choose it again.");
    }
    importing.mutate(text);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <a
          href={paths.api.memberFeedsOpml}
          download="gemwire-feeds.opml"
          className={`${secondaryButton} inline-flex items-center gap-2`}
        >
          <Download className="size-4" aria-hidden />
          Export OPML
        </a>
        <div>
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-zinc-200">
            Import OPML
          </label>
          <input
            id={inputId}
            type="file"
            accept=".opml,.xml,text/x-opml,text/xml,application/xml"
            aria-describedby={`${inputId}-hint`}
            disabled={importing.isPending}
            onChange={(event) => void choose(event)}
            className="block text-sm text-zinc-300 file:mr-3 file:rounded-md file:border file:border-line file:bg-zinc-900 file:px-3 file:py-1.5 file:text-zinc-200 hover:file:bg-zinc-800"
          />
          <p id={`${inputId}-hint`} className="mt-1 text-xs text-zinc-400">
            An .opml or .xml file from another feed reader, at most {MAX_OPML_BYTES / 1_000_000} MB. Feeds you already
            follow are skipped.
          </p>
        </div>
      </div>
      {importing.isPending ? <Spinner label="Importing feeds" /> : null}
      <FormError message={localError ?? importing.error?.message} />
      {importing.data ? <OpmlReportTable report={importing.data} /> : null}
    </div>
  );
}

/** What became of each outline of the file, and the totals. */
export function OpmlReportTable({ report }: { report: OpmlReport }) {
  const captionId = useId();
  return (
    <div className="space-y-2">
      <p id={captionId} role="status" className="text-sm text-zinc-200">
        Import done: {report.added} added, {report.skipped} skipped, {report.refused} refused.
      </p>
      {report.lines.length === 0 ? (
        <p className="text-sm text-muted">The file lists no feeds.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-line">
          <table aria-labelledby={captionId} className="w-full text-left text-sm">
            <thead className="bg-zinc-900 text-xs uppercase text-zinc-400">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Line
                </th>
                <th scope="col" className="px-3 py-2">
                  Feed
                </th>
                <th scope="col" className="px-3 py-2">
                  Result
                </th>
              </tr>
            </thead>
            <tbody>
              {report.lines.map((line) => (
                <tr key={`${line.line}:${line.address ?? ""}`} className="border-t border-line align-top">
                  <td className="px-3 py-2 tabular-nums text-zinc-400">{line.line}</td>
                  <td className="px-3 py-2">
                    <span className="block text-zinc-100">{line.title ?? line.address ?? "(no title)"}</span>
                    {line.title && line.address ? (
                      <span className="block break-all text-xs text-zinc-400">{line.address}</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <span className={`font-medium ${resultTones[line.result]}`}>{resultLabels[line.result]}</span>
                    <span className="block text-xs text-zinc-400">{line.reason}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
