import { ExternalLink, Layers } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { TokenNewsItem } from "../../../../contracts/market.ts";
import { foldByStory } from "../../../../contracts/reading-catalog.ts";
import { ArticleTime } from "../../../components/ui/article-time.tsx";
import { EmptyState, LoadError } from "../../../components/ui/list-states.tsx";
import { articleKey, sourceLabel } from "../../../lib/articles.ts";
import { useShowEveryArticle } from "../../../lib/reading-preferences.ts";
import { paths } from "../../../paths.ts";
import { useTokenNews } from "../api.ts";

/**
 * The latest stored articles that name the token, newest first, each
 * linking to the article and, when several outlets tell it, to its story on the Stories page.
 */
export function TokenNews({ symbol, name }: { symbol: string; name: string }) {
  const headingId = useId();
  const news = useTokenNews(symbol);
  const { showEvery } = useShowEveryArticle();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold text-zinc-50">
        News about {name}
      </h2>
      {news.isPending ? (
        <div role="status" aria-label={`Loading news about ${name}`} className="space-y-2">
          {[0, 1, 2].map((i) => (
            <div key={i} aria-hidden className="h-16 animate-pulse rounded-xl bg-panel motion-reduce:animate-none" />
          ))}
        </div>
      ) : news.isError ? (
        <LoadError message={`News about ${name} could not be loaded.`} onRetry={() => void news.refetch()} />
      ) : news.data.items.length === 0 ? (
        <EmptyState>No news about {name} yet</EmptyState>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-line rounded-xl border border-line bg-panel">
          {foldNews(news.data.items, showEvery).map(({ lead, more }) => (
            <NewsFold key={articleKey(lead.item)} lead={lead.item} more={more.map((entry) => entry.item)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Each story once: its earliest article here leads, the others wait behind
 * "+N more sources" — unless the reader chose to see every article.
 */
function foldNews(items: readonly TokenNewsItem[], showEvery: boolean) {
  const entries = items.map((item) => ({
    link: item.link,
    pubDate: item.pubDate,
    story: !showEvery && item.story ? `${item.story.feed}:${item.story.id}` : null,
    item,
  }));
  return foldByStory(entries);
}

function NewsFold({ lead, more }: { lead: TokenNewsItem; more: TokenNewsItem[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <li className="px-4 py-3">
      <NewsItem item={lead} />
      {more.length > 0 ? (
        <>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((was) => !was)}
            className="mt-2 rounded-md text-sm text-gem hover:underline"
          >
            {open
              ? `Hide the ${more.length} other source${more.length === 1 ? "" : "s"}`
              : `+${more.length} more source${more.length === 1 ? "" : "s"}`}
          </button>
          <ul id={listId} hidden={!open} className="mt-2 space-y-3 border-l border-line pl-3">
            {more.map((item) => (
              <li key={articleKey(item)}>
                <NewsItem item={item} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </li>
  );
}

function NewsItem({ item }: { item: TokenNewsItem }) {
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2 text-xs text-muted">
        <span className="truncate font-medium text-zinc-300" title={item.source}>
          {sourceLabel(item.source)}
        </span>
        <span aria-hidden>·</span>
        <ArticleTime item={item} format="relative" />
      </div>
      <p className="font-medium leading-snug text-zinc-100">
        {item.link ? (
          <a href={item.link} target="_blank" rel="noopener noreferrer" className="hover:text-gem">
            {item.title}
            <ExternalLink className="ml-1 inline size-3.5 align-baseline text-muted" aria-hidden />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          item.title
        )}
      </p>
      {/* Plain text from the server, rendered as text. */}
      {item.description ? <p className="line-clamp-2 text-sm text-muted">{item.description}</p> : null}
      {item.story ? (
        <Link
          to={paths.storyOnStories(item.story.feed, item.story.id)}
          className="inline-flex items-center gap-1 text-sm text-gem hover:underline"
        >
          <Layers className="size-3.5" aria-hidden />
          Open the story: {item.story.title}
        </Link>
      ) : null}
    </div>
  );
}
