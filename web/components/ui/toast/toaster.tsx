import { X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { type Toast, type ToastStore, toastStore } from "./toast-store.ts";

function ToastCard({ toast, store }: { toast: Toast; store: ToastStore }) {
  const destructive = toast.variant === "destructive";
  return (
    // Pointer or focus on the toast holds it open; leaving starts its time again.
    // biome-ignore lint/a11y/noStaticElementInteractions: pausing is a side effect, not an action
    <div
      data-toast=""
      onMouseEnter={() => store.pause(toast.id)}
      onMouseLeave={() => store.resume(toast.id)}
      onFocus={() => store.pause(toast.id)}
      onBlur={() => store.resume(toast.id)}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${
        destructive ? "border-red-800 bg-red-950 text-red-50" : "border-line bg-panel text-zinc-100"
      }`}
    >
      {/* Long unbroken text (an address to copy by hand) wraps instead of pushing past the toast. */}
      <div className="min-w-0 flex-1 wrap-anywhere">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
        {toast.action ? (
          <Link
            to={toast.action.to}
            onClick={() => store.dismiss(toast.id)}
            className="mt-2 inline-block rounded-md bg-gem px-3 py-1 text-sm font-semibold text-zinc-950 hover:bg-gem-strong"
          >
            {toast.action.label}
          </Link>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Dismiss message"
        onClick={() => store.dismiss(toast.id)}
        className="rounded p-1 opacity-70 hover:opacity-100"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}

/**
 * The visible toast. The two live regions are always in the page and only their content
 * changes, so screen readers announce each toast reliably: errors at once, the rest politely.
 */
export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const open = useSyncExternalStore(store.subscribe, store.getSnapshot).filter((t) => t.open);
  return (
    <section
      aria-label="Messages"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-2 sm:items-end">
        {open
          .filter((t) => t.variant !== "destructive")
          .map((t) => (
            <ToastCard key={t.id} toast={t} store={store} />
          ))}
      </div>
      <div role="alert" aria-live="assertive" className="flex flex-col items-center gap-2 sm:items-end">
        {open
          .filter((t) => t.variant === "destructive")
          .map((t) => (
            <ToastCard key={t.id} toast={t} store={store} />
          ))}
      </div>
    </section>
  );
}
