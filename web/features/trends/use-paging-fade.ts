import { useCallback, useEffect, useRef, useState } from "react";
import { TRENDS_PAGING_DELAY_MS } from "../../../contracts/trends-catalog.ts";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * The paging delay: the list fades out for 300 ms, then the page turns. With reduced
 * motion asked for, it turns at once. Another turn during the fade replaces the first.
 */
export function usePagingFade(delayMs = TRENDS_PAGING_DELAY_MS) {
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const turn = useCallback(
    (change: () => void) => {
      clearTimeout(timer.current);
      if (window.matchMedia?.(REDUCED_MOTION).matches) {
        change();
        return;
      }
      setLeaving(true);
      timer.current = setTimeout(() => {
        setLeaving(false);
        change();
      }, delayMs);
    },
    [delayMs],
  );
  /** Drops a turn still fading out (another list was chosen meanwhile). */
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    setLeaving(false);
  }, []);
  return { leaving, turn, cancel };
}
