const EMAIL = /(?:mailto:)?[^\s@()<>"',;]+@[^\s@()<>"',;]+\.[^\s@()<>"',;]+/gi;

/**
 * The name in a byline, never an email address. RSS's `<author>` holds an address with
 * the name in brackets ("me@example.com (Example editor)", Blogger's
 * "noreply@blogger.com (Name)"); others write "Name <me@example.com>", or the address
 * alone, which gives no name at all.
 */
export function bylineName(byline: string): string | undefined {
  if (!byline.includes("@")) return byline.trim() || undefined;
  const bracketed = /\(([^()]*)\)/.exec(byline)?.[1];
  const candidate = bracketed !== undefined && !bracketed.includes("@") ? bracketed : byline;
  const name = candidate
    .replace(EMAIL, " ")
    .replace(/[<>]|\(\s*\)|\[\s*\]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[,;:\-–—|]+|[,;:\-–—|]+$/g, "")
    .trim();
  return name || undefined;
}
