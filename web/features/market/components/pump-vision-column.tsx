import { SlidersHorizontal } from "lucide-react";
import { useId, useState } from "react";
import { type ColumnId, columnTitles, type PumpToken } from "../pump-vision-data.ts";
import { activeFilterCount, filterTokens, noFilters, type PumpFilters } from "../pump-vision-filters.ts";
import { PumpTokenCard } from "./pump-vision-card.tsx";
import { PumpFilterPanel } from "./pump-vision-filter-panel.tsx";

export const columnElementId = (column: ColumnId) => `pump-column-${column}`;

/**
 * One column of the board with its own filters. Below the `lg` breakpoint only the column
 * chosen in the tab bar shows; from `lg` all three stand side by side.
 */
export function PumpColumn({
  column,
  tokens,
  filters,
  shownOnSmallScreens,
  onFiltersChange,
}: {
  column: ColumnId;
  tokens: readonly PumpToken[];
  filters: PumpFilters;
  shownOnSmallScreens: boolean;
  onFiltersChange: (filters: PumpFilters) => void;
}) {
  const headingId = useId();
  const [panelOpen, setPanelOpen] = useState(false);
  const title = columnTitles[column];
  const shown = filterTokens(tokens, filters);
  const active = activeFilterCount(filters);
  const reset = () => {
    onFiltersChange(noFilters);
    setPanelOpen(false);
  };

  return (
    <section
      id={columnElementId(column)}
      aria-labelledby={headingId}
      className={`${shownOnSmallScreens ? "flex" : "hidden"} min-w-0 scroll-mt-36 flex-col gap-3 lg:flex`}
    >
      <header className="flex items-center gap-2 border-b border-line pb-2">
        <h2 id={headingId} className="whitespace-nowrap font-semibold text-zinc-50 lg:max-xl:text-sm">
          {title}
        </h2>
        <span className="whitespace-nowrap text-xs text-zinc-400">
          {active > 0 ? `${shown.length} of ${tokens.length}` : tokens.length}
          <span className="sr-only"> tokens</span>
        </span>
        <button
          type="button"
          onClick={() => setPanelOpen(true)}
          aria-label={active > 0 ? `Filter ${title}, ${active} active` : `Filter ${title}`}
          className={`ml-auto inline-flex items-center gap-1.5 rounded-md border px-2.5 py-1 text-xs ${
            active > 0 ? "border-gem/60 text-gem" : "border-line text-zinc-300 hover:bg-zinc-800"
          }`}
        >
          <SlidersHorizontal className="size-3.5" aria-hidden />
          {/* Three columns beside the sidebar leave too little room for the word on mid-sized screens. */}
          <span className="lg:max-xl:sr-only">Filter</span>
          {active > 0 ? (
            <span className="rounded-full bg-gem px-1.5 text-[0.7rem] font-semibold text-zinc-950">{active}</span>
          ) : null}
        </button>
      </header>
      {shown.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={`${title} tokens`}>
          {shown.map((token) => (
            <li key={token.symbol}>
              <PumpTokenCard token={token} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-lg border border-dashed border-line p-6 text-center">
          <p className="text-sm text-zinc-300">No tokens match these filters</p>
          <button
            type="button"
            onClick={reset}
            className="mt-3 rounded-md border border-line px-3 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800"
          >
            Reset
          </button>
        </div>
      )}
      {panelOpen ? (
        <PumpFilterPanel
          columnTitle={title}
          filters={filters}
          onApply={(next) => {
            onFiltersChange(next);
            setPanelOpen(false);
          }}
          onReset={reset}
          onClose={() => setPanelOpen(false)}
        />
      ) : null}
    </section>
  );
}
