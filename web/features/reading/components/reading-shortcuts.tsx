import { lazy, useEffect, useRef } from "react";
import { LazyPart } from "../../../components/ui/lazy-part.tsx";
import { useListRequests } from "../../../lib/list-keyboard.ts";

const ShortcutsHelp = lazy(() => import("./shortcuts-help.tsx").then((m) => ({ default: m.ShortcutsHelp })));

/**
 * Answers the list shortcuts that reach beyond a list: '?' shows this help, '/' opens the
 * site search (the layout's, passed in as `onSearch`).
 */
export function ListShortcutsHost({ onSearch }: { onSearch: () => void }) {
  const { help, searches } = useListRequests();
  const answered = useRef(searches);
  useEffect(() => {
    if (searches === answered.current) return;
    answered.current = searches;
    onSearch();
  }, [searches, onSearch]);
  // The help's table is loaded on first use: most readers never press '?'.
  return help ? (
    <LazyPart what="The keyboard shortcuts">
      <ShortcutsHelp />
    </LazyPart>
  ) : null;
}
