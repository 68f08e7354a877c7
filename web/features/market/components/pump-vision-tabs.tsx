import type { KeyboardEvent } from "react";
import { type ColumnId, columnIds, columnTitles } from "../pump-vision-data.ts";
import { columnElementId } from "./pump-vision-column.tsx";

const tabId = (column: ColumnId) => `pump-tab-${column}`;

/** Which tab a key moves to: arrows wrap around, Home and End jump to the ends. */
function tabAfter(current: ColumnId, key: string): ColumnId | undefined {
  const index = columnIds.indexOf(current);
  const last = columnIds.length - 1;
  if (key === "ArrowRight") return columnIds[index === last ? 0 : index + 1];
  if (key === "ArrowLeft") return columnIds[index === 0 ? last : index - 1];
  if (key === "Home") return columnIds[0];
  if (key === "End") return columnIds[last];
  return undefined;
}

/** The bottom tab bar of small screens: it picks the one column that shows. */
export function PumpColumnTabs({ selected, onSelect }: { selected: ColumnId; onSelect: (column: ColumnId) => void }) {
  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabAfter(selected, event.key);
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Pump Vision columns"
      className="sticky bottom-0 z-20 -mx-4 mt-6 grid grid-cols-3 border-t border-line bg-panel/95 backdrop-blur lg:hidden"
    >
      {columnIds.map((column) => (
        <button
          key={column}
          id={tabId(column)}
          type="button"
          role="tab"
          aria-selected={selected === column}
          aria-controls={columnElementId(column)}
          tabIndex={selected === column ? 0 : -1}
          onClick={() => onSelect(column)}
          onKeyDown={onKeyDown}
          className={`border-t-2 px-2 py-3 text-xs font-medium ${
            selected === column ? "border-gem text-gem" : "border-transparent text-zinc-400 hover:text-zinc-100"
          }`}
        >
          {columnTitles[column]}
        </button>
      ))}
    </div>
  );
}
