import { X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { type ToastStore, toastStore } from "./toast-store.ts";

/** Renders the visible toast in a live region, so screen readers announce it too. */
export function Toaster({ store = toastStore }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {toasts
        .filter((t) => t.open)
        .map((t) => (
          <div
            key={t.id}
            role={t.variant === "destructive" ? "alert" : "status"}
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${
              t.variant === "destructive"
                ? "border-red-800 bg-red-950 text-red-50"
                : "border-line bg-panel text-zinc-100"
            }`}
          >
            <div className="flex-1">
              <p className="text-sm font-semibold">{t.title}</p>
              {t.description ? <p className="mt-1 text-sm opacity-90">{t.description}</p> : null}
            </div>
            <button
              type="button"
              aria-label="Dismiss notification"
              onClick={() => store.dismiss(t.id)}
              className="rounded p-1 opacity-70 hover:opacity-100"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        ))}
    </section>
  );
}
