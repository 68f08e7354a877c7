import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";

/** Placeholder cards with the real cards' size, so nothing jumps when articles arrive. */
export function CardSkeletons({ count, className }: { count: number; className: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to be known by
        <div key={i} aria-hidden className={`animate-pulse rounded-xl border border-line bg-panel ${className}`}>
          <div className="h-40 bg-zinc-800/60" />
          <div className="space-y-3 p-4">
            <div className="h-3 w-1/3 rounded bg-zinc-800" />
            <div className="h-4 w-full rounded bg-zinc-800" />
            <div className="h-4 w-4/5 rounded bg-zinc-800" />
            <div className="h-3 w-full rounded bg-zinc-800/70" />
          </div>
        </div>
      ))}
    </>
  );
}

/** A failed load: the spec's message and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-red-900/60 bg-red-950/30 p-4"
    >
      <p className="text-sm text-red-200">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex items-center gap-1.5 rounded-md border border-red-800 px-3 py-1.5 text-sm text-red-100 hover:bg-red-900/40"
      >
        <RefreshCw className="size-4" aria-hidden />
        Try again
      </button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-line bg-panel/40 p-8 text-center text-muted">{children}</p>
  );
}

/** Spec §2: 'Show Hidden (n)' while hidden articles are left out, 'Hide Hidden' while they show. */
export function ShowHiddenToggle({
  count,
  showing,
  onToggle,
}: {
  count: number;
  showing: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={showing}
      onClick={onToggle}
      disabled={count === 0 && !showing}
      className="rounded-md border border-line px-3 py-1.5 text-sm text-zinc-300 hover:bg-zinc-800 disabled:cursor-not-allowed disabled:opacity-50"
    >
      {showing ? "Hide Hidden" : `Show Hidden (${count})`}
    </button>
  );
}

/** Spec §2 'Refresh Feed': fetches the feed again, spinning while it does. */
export function RefreshButton({
  label = "Refresh Feed",
  busy,
  onRefresh,
}: {
  label?: string;
  busy: boolean;
  onRefresh: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onRefresh}
      disabled={busy}
      className="inline-flex items-center gap-1.5 rounded-md border border-line px-3 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800 disabled:opacity-60"
    >
      <RefreshCw className={`size-4 ${busy ? "animate-spin motion-reduce:animate-none" : ""}`} aria-hidden />
      {label}
    </button>
  );
}
