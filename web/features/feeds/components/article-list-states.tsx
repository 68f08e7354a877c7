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

/** 'Show Hidden (n)' while hidden articles are left out, 'Hide Hidden' while they show. */
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
      className="min-w-36 shrink-0 whitespace-nowrap rounded-md border border-line px-3 py-1.5 text-sm text-zinc-300 hover:bg-zinc-800 disabled:cursor-not-allowed disabled:opacity-50"
    >
      {showing ? "Hide Hidden" : `Show Hidden (${count})`}
    </button>
  );
}
