import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { FeedItem } from "../../../../contracts/feeds.ts";
import { ArticleTime } from "../../../components/ui/article-time.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { articleKey, truncate } from "../../../lib/articles.ts";
import { taggedWith, useCoinFilter } from "../../../lib/coin-filter.ts";
import { useReadState } from "../../../lib/read-state.ts";
import { useShowEveryArticle } from "../../../lib/reading-preferences.ts";
import { searchQuery } from "../api.ts";
import { resultRows } from "../search-rows.ts";
import { ArticleImage } from "./article-image.tsx";

/** Typing settles for this long before a search is sent. */
const DEBOUNCE_MS = 250;
/** A result's description snippet is 100 characters. */
const SNIPPET = 100;

function useDebounced(value: string, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The search dialog: full-text search over every stored feed, at most 5 results,
 * opened in a new tab. Arrow keys move through the results, Enter opens one.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Search articles" className="max-w-xl">
      <SearchBox />
    </Dialog>
  );
}

function SearchBox() {
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const search = useQuery({ ...searchQuery(query), enabled: query.length > 0, placeholderData: keepPreviousData });
  // On a list filtered by a coin, so are its results.
  const { coin } = useCoinFilter();
  const results = query ? taggedWith(search.data?.results ?? [], coin) : [];
  // Each story once, its other sources behind "+N more sources" (opened with Enter or a click).
  const { showEvery } = useShowEveryArticle();
  const reading = useReadState();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const rows = resultRows(results, { fold: !showEvery, expanded });
  const stories = rows.filter((row) => row.kind === "article" && !row.inFold).length;
  // Results of an earlier text stay on screen while the new search runs, but Enter waits for fresh ones.
  const stale = text.trim() !== query || search.isPlaceholderData;
  const waiting = stale || (query.length > 0 && search.isPending);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at its first result, folded
  useEffect(() => {
    setActive(0);
    setExpanded(new Set());
  }, [query]);

  const openResult = (item: FeedItem) => {
    if (!item.link) return;
    window.open(item.link, "_blank", "noopener,noreferrer");
    reading.mark([item], true);
  };
  const toggleStory = (lead: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(lead)) next.add(lead);
      return next;
    });
  const choose = (index: number) => {
    const row = rows[index];
    if (row?.kind === "article") openResult(row.item);
    else if (row) toggleStory(row.lead);
  };

  return (
    <div>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-500"
          aria-hidden
        />
        <input
          data-autofocus
          type="text"
          role="combobox"
          aria-label="Search articles"
          aria-expanded={rows.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={rows.length > 0 ? `${listId}-${active}` : undefined}
          placeholder="Search articles..."
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" && rows.length) {
              event.preventDefault();
              setActive((i) => (i + 1) % rows.length);
            } else if (event.key === "ArrowUp" && rows.length) {
              event.preventDefault();
              setActive((i) => (i - 1 + rows.length) % rows.length);
            } else if (event.key === "Enter" && rows[active] && !stale) {
              event.preventDefault();
              choose(active);
            }
          }}
          className="w-full rounded-lg border border-line bg-zinc-950 py-2.5 pr-3 pl-9 text-zinc-100 placeholder:text-zinc-500"
        />
      </div>
      <div className="mt-3 min-h-16">
        {/* Only this line is announced: the number of results, or why there are none. */}
        <p className="sr-only" role="status">
          {query && !waiting && !search.isError && stories > 0 ? `${stories} result${stories === 1 ? "" : "s"}` : ""}
        </p>
        {!query ? (
          <p className="py-4 text-center text-sm text-muted">Search titles and descriptions across every feed.</p>
        ) : search.isError ? (
          <p role="alert" className="py-4 text-center text-sm text-red-300">
            {search.error.message}
          </p>
        ) : waiting && results.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted">Searching…</p>
        ) : results.length === 0 ? (
          <p role="status" className="py-4 text-center text-sm text-muted">
            No results found for "{query}"{coin ? ` tagged ${coin}` : ""}
          </p>
        ) : null}
        <div id={listId} role="listbox" aria-label="Results" className="space-y-1">
          {rows.map((row, i) => {
            const optionClass = `flex cursor-pointer gap-3 rounded-lg p-2 ${i === active ? "bg-zinc-800" : ""}`;
            if (row.kind === "more")
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (arrows, Enter)
                <div
                  key={`more:${row.lead}`}
                  id={`${listId}-${i}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  onMouseMove={() => setActive(i)}
                  onClick={() => toggleStory(row.lead)}
                  className={`${optionClass} ml-19 py-1 text-sm text-gem`}
                >
                  {/* An option cannot say it is expanded: its words do. */}
                  {row.open
                    ? `Hide the ${row.count} other source${row.count === 1 ? "" : "s"}`
                    : `+${row.count} more source${row.count === 1 ? "" : "s"}`}
                </div>
              );
            const read = reading.isRead(row.item);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (arrows, Enter)
              <div
                key={articleKey(row.item)}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                data-read={read || undefined}
                onMouseMove={() => setActive(i)}
                onClick={() => openResult(row.item)}
                className={`${optionClass} ${row.inFold ? "ml-6 border-l border-line" : ""} ${read ? "opacity-70" : ""}`}
              >
                <ArticleImage src={row.item.image} className="size-16 shrink-0 rounded-md bg-zinc-900 object-cover" />
                <div className="min-w-0">
                  <p className="line-clamp-2 font-medium text-zinc-50">
                    {read ? <span className="sr-only">Read: </span> : null}
                    {row.item.title}
                  </p>
                  <p className="mt-0.5 line-clamp-2 text-sm text-muted">{truncate(row.item.description, SNIPPET)}</p>
                  <p className="mt-1 text-xs text-zinc-500">
                    {row.item.source} · <ArticleTime item={row.item} format="date" className="" />
                    {row.item.coins.length > 0 ? ` · ${row.item.coins.join(", ")}` : ""}
                  </p>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
