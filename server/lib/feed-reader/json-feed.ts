import { asHtml, asText, type FeedText } from "./feed-text.ts";
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
  if (Array.isArray(value)) {
    for (const entry of value) {
      const name = nameOf(entry);
      if (name !== undefined) return name;
    }
    return undefined;
  }
  if (isObject(value)) return text(value.name) ?? text(value.title);
  return text(value);
}

function urlOf(value: unknown): string | undefined {
  if (isObject(value)) return text(value.url) ?? text(value.link) ?? text(value.href);
  return text(value);
}

const html = (value: unknown) => {
  const found = text(value);
  return found === undefined ? undefined : asHtml(found);
};
const plain = (value: unknown) => {
  const found = text(value);
  return found === undefined ? undefined : asText(found);
};

/** The first attachment that is a picture, by its declared type. */
function imageAttachment(item: Json): string | undefined {
  if (!Array.isArray(item.attachments)) return undefined;
  for (const attachment of item.attachments) {
    if (isObject(attachment) && (text(attachment.mime_type) ?? "").startsWith("image/")) return urlOf(attachment);
  }
  return undefined;
}

/**
 * JSON Feed 1.0 and 1.1: title, summary and content_text are plain text, content_html is
 * HTML; an item without authors has the feed's.
 */
function jsonFeedItem(item: Json, feedAuthor: string | undefined): RawItem {
  const summary = plain(item.summary);
  const content = html(item.content_html) ?? plain(item.content_text);
  return {
    guid: text(item.id),
    link: text(item.url) ?? text(item.external_url),
    title: plain(item.title),
    dates: [text(item.date_published), text(item.date_modified)],
    description: summary ?? content,
    content: summary === undefined ? undefined : content,
    enclosureUrl: imageAttachment(item),
    image: urlOf(item.image) ?? urlOf(item.banner_image),
    creators: [plain(nameOf(item.authors)), plain(nameOf(item.author)), plain(feedAuthor)],
  };
}

/** The other JSON shapes: rss2json's `{status: "ok", items}` and plain objects, which carry RSS's HTML. */
function jsonItem(item: Json): RawItem {
  const enclosure = isObject(item.enclosure) ? item.enclosure : undefined;
  const enclosureType = text(enclosure?.type) ?? "";
  return {
    guid: text(item.guid) ?? text(item.id),
    link: urlOf(item.url) ?? urlOf(item.link) ?? text(item.external_url),
    title: html(item.title),
    dates: [
      text(item.date_published),
      text(item.pubDate),
      text(item.isoDate),
      text(item.published),
      text(item.date),
      text(item.date_modified),
    ],
    description:
      html(item.content_html) ??
      html(item.description) ??
      html(item.summary) ??
      plain(item.content_text) ??
      html(item.content) ??
      plain(item.contentSnippet),
    enclosureUrl: enclosureType === "" || enclosureType.startsWith("image/") ? urlOf(enclosure) : undefined,
    image: urlOf(item.image) ?? urlOf(item.thumbnail) ?? urlOf(item.banner_image),
    creators: [html(nameOf(item.authors)), html(nameOf(item.author)), html(nameOf(item.creator))],
    source: html(nameOf(item.source)),
  };
}

const isJsonFeed = (data: Json) =>
  typeof data.version === "string" &&
  /^https?:\/\/jsonfeed\.org\/version\//.test(data.version) &&
  Array.isArray(data.items);

/**
 * Reads the JSON shapes a feed may come in — `{status: "ok", items}`, a bare array, a single
 * object with title and link — and JSON Feed 1.0 and 1.1.
 */
export function readJsonFeed(data: unknown): RawItem[] {
  const objects = (list: unknown[]) => list.filter(isObject).map(jsonItem);
  if (Array.isArray(data)) return objects(data);
  if (isObject(data)) {
    if (data.status === "ok" && Array.isArray(data.items)) return objects(data.items);
    if (isJsonFeed(data)) {
      const feedAuthor = nameOf(data.authors) ?? nameOf(data.author);
      return (data.items as unknown[]).filter(isObject).map((item) => jsonFeedItem(item, feedAuthor));
    }
    if (text(data.title) !== undefined && urlOf(data.link) !== undefined) return [jsonItem(data)];
  }
  throw new FeedParseError("Invalid JSON feed structure");
}

/** A JSON feed's own title (plain text in JSON Feed). */
export function readJsonFeedTitle(data: unknown): FeedText | undefined {
  if (!isObject(data)) return undefined;
  return isJsonFeed(data) ? plain(data.title) : html(data.title);
}
