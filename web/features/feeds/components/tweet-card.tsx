import type { FeedItem } from "../../../../contracts/feeds.ts";
import { ArticleTime } from "../../../components/ui/article-time.tsx";
import { handleOf } from "../../../lib/article-rules.ts";
import { articleKey } from "../../../lib/articles.ts";
import { ArticleImage } from "./article-image.tsx";

/**
 * The social feed's tweet-style card. Reply, repost and like counts and a verified badge
 * are left out: our feeds do not carry them, and Gemwire shows only real data.
 */
export function TweetCard({
  item,
  hidden,
  onToggleHidden,
}: {
  item: FeedItem;
  hidden: boolean;
  onToggleHidden: (key: string) => void;
}) {
  const handle = handleOf(item.creator);
  return (
    <article
      data-hidden={hidden || undefined}
      className={`rounded-xl border border-line bg-panel p-4 ${hidden ? "opacity-50" : ""}`}
    >
      <header className="flex items-center gap-3">
        <span
          aria-hidden
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-gem/15 font-semibold text-gem"
        >
          {item.creator.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-zinc-50">{item.creator}</p>
          <p className="truncate text-sm text-muted">
            {handle} · <ArticleTime item={item} format="relative" className="" />
          </p>
        </div>
        <button
          type="button"
          aria-pressed={hidden}
          onClick={() => onToggleHidden(articleKey(item))}
          className="rounded-md px-2 py-1 text-xs text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
        >
          {hidden ? "Unhide" : "Hide"}
        </button>
      </header>
      <p className="mt-3 whitespace-pre-line text-zinc-200">{item.description || item.title}</p>
      <ArticleImage src={item.image} className="mt-3 max-h-80 w-full rounded-lg border border-line object-cover" />
      {item.link ? (
        <a
          href={item.link}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-block text-sm font-medium text-gem hover:underline"
        >
          Open post<span className="sr-only"> by {item.creator}</span>
        </a>
      ) : null}
    </article>
  );
}
