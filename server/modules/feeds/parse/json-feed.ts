import { FeedParseError, type RawItem } from "./raw-item.ts";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function text(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() || undefined;
  if (typeof value === "number") return String(value);
  return undefined;
}

function nameOf(value: unknown): string | undefined {
  if (Array.isArray(value)) return nameOf(value[0]);
  if (isObject(value)) return text(value.name) ?? text(value.title);
  return text(value);
}

function urlOf(value: unknown): string | undefined {
  if (isObject(value)) return text(value.url) ?? text(value.link) ?? text(value.href);
  return text(value);
}

/** One item of any JSON shape we accept: rss2json-style, JSON Feed 1.1, or a plain object. */
function jsonItem(item: Json): RawItem {
  const enclosure = isObject(item.enclosure) ? item.enclosure : undefined;
  const attachment = Array.isArray(item.attachments) && isObject(item.attachments[0]) ? item.attachments[0] : undefined;
  const enclosureType = text(enclosure?.type) ?? text(attachment?.mime_type) ?? "";
  return {
    guid: text(item.guid) ?? text(item.id),
    link: urlOf(item.url) ?? urlOf(item.link) ?? text(item.external_url),
    title: text(item.title),
    published:
      text(item.date_published) ??
      text(item.pubDate) ??
      text(item.isoDate) ??
      text(item.published) ??
      text(item.date) ??
      text(item.date_modified),
    description:
      text(item.content_html) ??
      text(item.description) ??
      text(item.summary) ??
      text(item.content_text) ??
      text(item.content) ??
      text(item.contentSnippet),
    enclosureUrl:
      enclosureType === "" || enclosureType.startsWith("image/")
        ? (urlOf(enclosure) ?? (enclosureType ? urlOf(attachment) : undefined))
        : undefined,
    image: urlOf(item.image) ?? urlOf(item.thumbnail) ?? urlOf(item.banner_image),
    creator: nameOf(item.authors) ?? nameOf(item.author) ?? nameOf(item.creator),
    source: nameOf(item.source),
  };
}

/**
 * Reads the JSON shapes the spec accepts — `{status: "ok", items}`, a bare array, a single
 * object with title and link — and JSON Feed 1.1.
 */
export function readJsonFeed(data: unknown): RawItem[] {
  const objects = (list: unknown[]) => list.filter(isObject).map(jsonItem);
  if (Array.isArray(data)) return objects(data);
  if (isObject(data)) {
    if (data.status === "ok" && Array.isArray(data.items)) return objects(data.items);
    if (
      typeof data.version === "string" &&
      data.version.startsWith("https://jsonfeed.org/version/") &&
      Array.isArray(data.items)
    ) {
      return objects(data.items);
    }
    if (text(data.title) !== undefined && urlOf(data.link) !== undefined) return [jsonItem(data)];
  }
  throw new FeedParseError("Invalid JSON feed structure");
}
