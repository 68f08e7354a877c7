import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { articleKey, truncate } from "../../../lib/articles.ts";
import { formatDate } from "../../../lib/dates.ts";
import { searchQuery } from "../api.ts";
import { taggedWith, useCoinFilter } from "../coin-filter.ts";
import { ArticleImage } from "./article-image.tsx";

/** Typing settles for this long before a search is sent. */
const DEBOUNCE_MS = 250;
/** Spec §9: a result's description snippet is 100 characters. */
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
 * Spec §2 Search dialog: full-text search over every stored feed, at most 5 results,
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
  // Results of an earlier text stay on screen while the new search runs, but Enter waits for fresh ones.
  const stale = text.trim() !== query || search.isPlaceholderData;
  const waiting = stale || (query.length > 0 && search.isPending);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at its first result
  useEffect(() => setActive(0), [query]);

  const openResult = (link: string) => {
    if (link) window.open(link, "_blank", "noopener,noreferrer");
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
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={results.length > 0 ? `${listId}-${active}` : undefined}
          placeholder="Search articles..."
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" && results.length) {
              event.preventDefault();
              setActive((i) => (i + 1) % results.length);
            } else if (event.key === "ArrowUp" && results.length) {
              event.preventDefault();
              setActive((i) => (i - 1 + results.length) % results.length);
            } else if (event.key === "Enter" && results[active] && !stale) {
              event.preventDefault();
              openResult(results[active].link);
            }
          }}
          className="w-full rounded-lg border border-line bg-zinc-950 py-2.5 pr-3 pl-9 text-zinc-100 placeholder:text-zinc-500"
        />
      </div>
      <div className="mt-3 min-h-16">
        {/* Only this line is announced: the number of results, or why there are none. */}
        <p className="sr-only" role="status">
          {query && !waiting && !search.isError && results.length > 0
            ? `${results.length} result${results.length === 1 ? "" : "s"}`
            : ""}
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
          {results.map((item, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (arrows, Enter)
            <div
              key={articleKey(item)}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onMouseMove={() => setActive(i)}
              onClick={() => openResult(item.link)}
              className={`flex cursor-pointer gap-3 rounded-lg p-2 ${i === active ? "bg-zinc-800" : ""}`}
            >
              <ArticleImage src={item.image} className="size-16 shrink-0 rounded-md bg-zinc-900 object-cover" />
              <div className="min-w-0">
                <p className="line-clamp-2 font-medium text-zinc-50">{item.title}</p>
                <p className="mt-0.5 line-clamp-2 text-sm text-muted">{truncate(item.description, SNIPPET)}</p>
                <p className="mt-1 text-xs text-zinc-500">
                  {item.source} · {formatDate(item.pubDate)}
                  {item.coins.length > 0 ? ` · ${item.coins.join(", ")}` : ""}
                </p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
