import type { ReactNode } from "react";
import { LoadError } from "../../../../components/ui/list-states.tsx";
import { Spinner } from "../../../../components/ui/spinner.tsx";
import { NotFoundForEdit } from "../../admin-api.ts";

/** What `?edit={id}` names, while it is looked up: the form once found, else why not. */
export function EditTarget<T>({
  what,
  query,
  onBack,
  children,
}: {
  what: "event" | "post";
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined; refetch: () => unknown };
  onBack: () => void;
  children: (item: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError && query.error instanceof NotFoundForEdit) {
    return (
      <div role="alert" className="max-w-xl space-y-3 rounded-xl border border-line bg-panel p-4 text-sm">
        <p className="text-zinc-200">There is no {what} to edit at this address: it may have been deleted.</p>
        <button type="button" onClick={onBack} className="text-gem underline hover:text-white">
          Back to the list
        </button>
      </div>
    );
  }
  if (query.isError) {
    return <LoadError message={`Could not load the ${what} to edit.`} onRetry={() => void query.refetch()} />;
  }
  return <Spinner label={`Loading the ${what}`} />;
}
