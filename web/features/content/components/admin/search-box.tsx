import { Search } from "lucide-react";
import { type Ref, useEffect, useId, useRef, useState } from "react";

/** How long typing pauses before the list is searched. */
export const SEARCH_DELAY_MS = 300;

/**
 * A list's search box: the words are handed on once typing pauses (`onSearch`), and follow
 * `value` when it changes from outside (back and forward through the address).
 */
export function SearchBox({
  label,
  value,
  onSearch,
  inputRef,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    setText((typed) => (typed.trim() === value ? typed : value));
  }, [value]);
  useEffect(() => {
    const words = text.trim();
    if (words === value) return undefined;
    const timer = setTimeout(() => search.current(words), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="relative max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-zinc-500" aria-hidden />
      <input
        ref={inputRef}
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={`${label}…`}
        maxLength={200}
        className="w-full rounded-md border border-line bg-zinc-950 py-2 pr-3 pl-9 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-gem"
      />
    </div>
  );
}
