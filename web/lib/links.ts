/** The address when it is an http(s) link, else null: nothing else (javascript:, data:, relative) becomes a link to outside. */
export function httpLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}
