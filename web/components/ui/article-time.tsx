import { formatDate, formatDateTime, relativeTime } from "../../lib/dates.ts";

/** What an article's date line needs: its date, and whether its feed gave one at all. */
export type Dated = { pubDate: string; undated: boolean };

const FORMATS = { date: formatDate, dateTime: formatDateTime, relative: relativeTime } as const;

/**
 * An article's date as the list shows it ('MMM d, yyyy', with the time, or "3h ago"), or
 * "undated" when its feed gave no date: the time Gemwire first saw it orders the list but
 * is never passed off as the article's date.
 */
export function ArticleTime({
  item,
  format,
  className = "shrink-0",
}: {
  item: Dated;
  format: keyof typeof FORMATS;
  className?: string;
}) {
  if (item.undated) {
    return (
      <span className={`${className} italic`} title="The feed gave no date for this article">
        undated
      </span>
    );
  }
  return (
    <time className={className} dateTime={item.pubDate} title={formatDateTime(item.pubDate)}>
      {FORMATS[format](item.pubDate)}
    </time>
  );
}
