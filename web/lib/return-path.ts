import { useLocation } from "react-router";
import { paths } from "../paths.ts";

/** A return path longer than any address bar would hold is not a page of ours. */
const MAX_NEXT_LENGTH = 2048;
/** Any origin works for parsing; what matters is that the path cannot leave it. */
const PARSE_BASE = "https://gemwire.invalid";

/**
 * The page to come back to after signing in, when `raw` is a path on this site: it starts
 * with a single '/', never '//' or a scheme, and holds no backslash or control character
 * (browsers read '/\host' and '/<tab>/host' as another host). Anything else gives null,
 * so a crafted `/login?next=…` link cannot send a member off to another site.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_NEXT_LENGTH) return null;
  if (!raw.startsWith("/") || raw.startsWith("//")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PARSE_BASE);
  } catch {
    return null;
  }
  // Dot segments can fold into '//' ('/..//host'): the normalised path is checked again.
  if (url.origin !== PARSE_BASE || url.pathname.startsWith("//")) return null;
  // Back to the sign-in page would be a loop.
  if (url.pathname === paths.login) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a "Sign in" prompt on this page leads: the sign-in page, returning here afterwards.
 * Home needs no return path (it is where signing in lands anyway); on the sign-in page
 * itself the prompt keeps the return path already there (the page checks it).
 */
export function signInPathFrom(location: { pathname: string; search: string; hash: string }): string {
  if (location.pathname === paths.login) return `${paths.login}${location.search}`;
  const here = safeNextPath(`${location.pathname}${location.search}${location.hash}`);
  return here && here !== paths.home ? paths.signInThenReturn(here) : paths.login;
}

/** The sign-in path for a prompt on the current page. */
export function useSignInPath(): string {
  return signInPathFrom(useLocation());
}
