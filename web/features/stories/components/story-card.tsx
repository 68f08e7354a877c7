import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { canAnalyze } from "../../../../contracts/analysis-catalog.ts";
import type { StoryArticle as Article, Story } from "../../../../contracts/stories.ts";
import { CoinChips } from "../../../components/coins/coin-chips.tsx";
import { AnalyzeButton } from "../../../components/ui/analyze-button.tsx";
import { ArticleTime } from "../../../components/ui/article-time.tsx";
import { articleKey, sourceLabel } from "../../../lib/articles.ts";
import { formatDateTime, relativeTime } from "../../../lib/dates.ts";
import { paths } from "../../../paths.ts";
import { plural } from "../story-rules.ts";

/**
 * A story on the Stories page, with its coverage, opening to the articles that tell it.
 * The whole story can be analysed: its lead article's key points, and the
 * tickers across all its articles (`feed` is the stories it is one of).
 */
export function StoryCard({
  story,
  feed,
  initiallyOpen = false,
}: {
  story: Story;
  feed: string;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const headingId = useId();
  const listId = useId();
  // Articles from sites that are never analysed (bloomberg.com, wsj.com) cannot lead a story's analysis.
  const analysable = story.articles.some((article) => canAnalyze(article.link));

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-line bg-panel transition-colors hover:border-zinc-600"
    >
      <div className="space-y-2 p-4">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
          <time dateTime={story.timestamp} title={formatDateTime(story.timestamp)}>
            {relativeTime(story.timestamp)}
          </time>
          <span aria-hidden>·</span>
          <span className="font-medium text-gem">{plural(story.sources, "source")}</span>
          <span aria-hidden>·</span>
          <span>
            First reported by{" "}
            <span className="text-zinc-300" title={story.firstSource}>
              {sourceLabel(story.firstSource)}
            </span>
          </span>
        </div>
        <h3 id={headingId} className="font-semibold leading-snug text-zinc-50 sm:text-lg">
          {story.title}
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((value) => !value)}
            className="inline-flex items-center gap-1 rounded-md border border-line px-2.5 py-1 text-sm text-zinc-200 hover:bg-zinc-800"
          >
            <ChevronDown
              className={`size-4 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
              aria-hidden
            />
            {plural(story.articles.length, "article")}
          </button>
          <AnalyzeButton
            subject={{
              kind: "story",
              title: story.title,
              feed,
              story: story.id,
              articles: story.articles.map(({ title, link, source }) => ({ title, link, source })),
            }}
            label="Analyze story"
            disabled={!analysable}
            title={analysable ? undefined : "None of this story's articles can be analyzed"}
            className="inline-flex items-center gap-1 rounded-md border border-transparent px-2.5 py-1 text-sm font-medium text-gem hover:bg-zinc-800 disabled:cursor-wait disabled:opacity-60"
          />
        </div>
      </div>
      <ul
        id={listId}
        hidden={!open}
        aria-label={`Articles on “${story.title}”`}
        className="divide-y divide-line border-t border-line"
      >
        {story.articles.map((article) => (
          <StoryArticle key={articleKey(article)} article={article} />
        ))}
      </ul>
    </article>
  );
}

/** One outlet's article: its source, title (opening in a new tab), description and date. */
function StoryArticle({ article }: { article: Article }) {
  return (
    <li className="space-y-1 px-4 py-3">
      <div className="flex items-center gap-2 text-xs text-muted">
        <span className="truncate font-medium text-zinc-300" title={article.source}>
          {sourceLabel(article.source)}
        </span>
        <span aria-hidden>·</span>
        <ArticleTime item={article} format="dateTime" />
      </div>
      <p className="font-medium leading-snug text-zinc-100">
        {article.link ? (
          <a href={article.link} target="_blank" rel="noopener noreferrer" className="hover:text-gem">
            {article.title}
          </a>
        ) : (
          article.title
        )}
      </p>
      {/* Plain text from the server, rendered as text: markup in a feed never becomes HTML here. */}
      {article.description ? <p className="line-clamp-3 text-sm text-muted">{article.description}</p> : null}
      {/* The Stories page filters nothing by coin: a coin without a token page leads to the dashboard's filter. */}
      <CoinChips coins={article.coins} filterOn={paths.home} />
    </li>
  );
}
