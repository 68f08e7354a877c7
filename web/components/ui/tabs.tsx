import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

/** A tab; with `keepMounted` its panel, once shown, stays mounted (hidden) while another tab is chosen. */
export type TabItem<T extends string> = { id: T; label: string; panel: ReactNode; keepMounted?: boolean };

/** Which tab a key moves to: arrows wrap around, Home and End jump to the ends. */
export function tabAfter<T>(ids: readonly T[], current: T, key: string): T | undefined {
  const index = ids.indexOf(current);
  const last = ids.length - 1;
  if (key === "ArrowRight") return ids[index >= last ? 0 : index + 1];
  if (key === "ArrowLeft") return ids[index <= 0 ? last : index - 1];
  if (key === "Home") return ids[0];
  if (key === "End") return ids[last];
  return undefined;
}

/**
 * A tab list with its panels (WAI-ARIA tabs): only the selected tab is in the Tab order,
 * arrow keys, Home and End move to and select another. A `keepMounted` panel keeps what was
 * typed there through a look at another tab.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: ReadonlyArray<TabItem<T>>;
  selected: T;
  onSelect: (id: T) => void;
}) {
  const prefix = useId();
  const visited = useRef(new Set<T>());
  visited.current.add(selected);
  const mounted = (tab: TabItem<T>) => tab.id === selected || (tab.keepMounted === true && visited.current.has(tab.id));
  const tabId = (id: T) => `${prefix}-tab-${id}`;
  const panelId = (id: T) => `${prefix}-panel-${id}`;
  const ids = tabs.map((tab) => tab.id);
  // From the tab that has focus, not the selected one: a route change may still be selecting
  // the last tab when the next key arrives.
  const onKeyDown = (from: T, event: KeyboardEvent) => {
    const next = tabAfter(ids, from, event.key);
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className="mb-6 flex flex-wrap gap-1 border-b border-line">
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            aria-selected={tab.id === selected}
            aria-controls={mounted(tab) ? panelId(tab.id) : undefined}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(tab.id, event)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
              tab.id === selected ? "border-gem text-gem" : "border-transparent text-zinc-400 hover:text-zinc-100"
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.filter(mounted).map((tab) => (
        <div
          key={tab.id}
          id={panelId(tab.id)}
          role="tabpanel"
          aria-labelledby={tabId(tab.id)}
          hidden={tab.id !== selected}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
