/*
 * Events and blog rules and constants, without zod, so the web app can import them
 * (docs/decisions/009); contracts/content.ts holds the API schemas.
 */

/** The event form's toast when the start is after the end (title, then text). */
export const INVALID_DATES = { title: "Invalid dates", message: "End date must be after start date" } as const;

/** The text when events cannot be loaded (the samples stand in). */
export const EVENTS_FAILED = "Failed to load events";

/** The admin tables' empty states, and the missing post's text. */
export const NO_EVENTS = "No events found";
export const NO_BLOGS = "No blogs found";
export const POST_NOT_FOUND = "Post not found";

/** The event form's location list, then 'Custom Location' with free city and country. */
export const CUSTOM_LOCATION = "Custom Location";
export const eventLocations: ReadonlyArray<{ city: string; country: string }> = [
  { city: "New York", country: "United States" },
  { city: "San Francisco", country: "United States" },
  { city: "Miami", country: "United States" },
  { city: "Austin", country: "United States" },
  { city: "Denver", country: "United States" },
  { city: "Las Vegas", country: "United States" },
  { city: "Toronto", country: "Canada" },
  { city: "London", country: "United Kingdom" },
  { city: "Paris", country: "France" },
  { city: "Berlin", country: "Germany" },
  { city: "Amsterdam", country: "Netherlands" },
  { city: "Lisbon", country: "Portugal" },
  { city: "Zug", country: "Switzerland" },
  { city: "Dubai", country: "United Arab Emirates" },
  { city: "Singapore", country: "Singapore" },
  { city: "Hong Kong", country: "Hong Kong" },
  { city: "Seoul", country: "South Korea" },
  { city: "Tokyo", country: "Japan" },
  { city: "Bangkok", country: "Thailand" },
  { city: "Buenos Aires", country: "Argentina" },
  { city: "Online", country: "Online" },
];

/** The blog form's tags: entered comma-separated, trimmed, empties dropped (and repeats). */
export function parseTags(entered: string): string[] {
  const tags: string[] = [];
  for (const part of entered.split(",")) {
    const tag = part.trim();
    if (tag && !tags.some((kept) => kept.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  return tags;
}

/** A post's content: paragraphs split on blank lines (plain text, never markup). */
export function contentParagraphs(content: string): string[] {
  return content
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** A blog post's address on this site: its url and the comment section's contentId. */
export const blogPostUrl = (slug: string) => `/blog/${slug}`;

/** Slugs as the post url carries them: lower-case letters, digits and single hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 80;

/** The slug a title gives: accents dropped, words joined by hyphens; 'post' when nothing is left. */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  return slug || "post";
}

/** Most tags a post keeps, and the longest tag. */
export const MAX_TAGS = 20;
export const TAG_MAX_LENGTH = 40;

/** Page views: the days the admin sees, and how many pages are ranked. */
export const ANALYTICS_DAYS = 30;
export const ANALYTICS_TOP_PAGES = 10;
