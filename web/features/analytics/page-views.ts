import { paths } from "../../paths.ts";

let lastPath: string | null = null;

/** Chrome prerenders pages it expects a visit to (from the address bar, say); those are no views yet. */
const prerendering = () => (document as Document & { prerendering?: boolean }).prerendering === true;

function send(path: string): void {
  const body = JSON.stringify({ path });
  // A string body goes as text/plain: a simple request, with no preflight, that the
  // browser delivers even while the page unloads. Nothing here waits or fails loudly.
  try {
    if (navigator.sendBeacon?.(paths.api.pageView, body)) return;
  } catch {
    // Some browsers throw instead of returning false; the fetch below takes over.
  }
  fetch(paths.api.pageView, { method: "POST", body, keepalive: true, credentials: "omit" }).catch(() => {});
}

/**
 * Tells Gemwire's server a page was viewed — its path, nothing else — when the
 * path differs from the last one reported: a re-render, or a change of query or fragment
 * alone, is not a new view. `alsoTell` (the operator's analytics script) hears of the
 * view at the same moment. Returns whether this was a new view.
 */
export function reportPageView(pathname: string, alsoTell?: () => void): boolean {
  if (pathname === lastPath) return false;
  lastPath = pathname;
  const report = () => {
    send(pathname);
    alsoTell?.();
  };
  if (prerendering()) document.addEventListener("prerenderingchange", report, { once: true });
  else report();
  return true;
}
