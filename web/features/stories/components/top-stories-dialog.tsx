import { useId } from "react";
import { Link } from "react-router";
import type { Story } from "../../../../contracts/stories.ts";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { LoadError } from "../../../components/ui/list-states.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { sourceLabel } from "../../../lib/articles.ts";
import { formatDateTime, relativeTime } from "../../../lib/dates.ts";
import { paths } from "../../../paths.ts";
import { NO_STORIES, STORIES_FAILED, useTopStories } from "../api.ts";
import { plural, SUMMARY_SIZE, summaryGroups } from "../story-rules.ts";

/**
 * The Top Stories Summary, fed with the real top stories: the server's
 * ranking across every feed, the first three 'Trending Now', the next under 'More Stories'.
 */
export function TopStoriesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Top Stories Summary" className="max-w-xl">
      <TopStories onNavigate={onClose} />
    </Dialog>
  );
}

function TopStories({ onNavigate }: { onNavigate: () => void }) {
  // Only the stories the summary shows are asked for, not the whole ranking.
  const top = useTopStories(SUMMARY_SIZE);
  if (top.isPending) return <Spinner label="Loading top stories" />;
  if (top.isError) return <LoadError message={STORIES_FAILED} onRetry={() => void top.refetch()} />;
  const { trending, more } = summaryGroups(top.data.stories);
  if (trending.length === 0) return <p className="py-8 text-center text-muted">{NO_STORIES}</p>;
  return (
    <div className="space-y-5">
      <StoryGroup title="Trending Now" entries={trending} />
      {more.length > 0 ? <StoryGroup title="More Stories" entries={more} /> : null}
      <p className="text-right text-sm">
        <Link to={paths.stories} onClick={onNavigate} className="text-gem hover:underline">
          See all stories
        </Link>
      </p>
    </div>
  );
}

function StoryGroup({ title, entries }: { title: string; entries: { story: Story; rank: number }[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
        {title}
      </h3>
      <ol start={entries[0]?.rank} className="space-y-1">
        {entries.map(({ story, rank }) => (
          <li key={story.id} className="flex gap-3 rounded-lg p-2 hover:bg-zinc-800/60">
            <span className="w-6 shrink-0 text-right font-semibold text-gem tabular-nums">{rank}.</span>
            <SummaryEntry story={story} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A story's title (opening the article that first reported it), its first source and age. */
function SummaryEntry({ story }: { story: Story }) {
  const link = story.articles[0]?.link;
  return (
    <div className="min-w-0">
      <p className="font-medium leading-snug text-zinc-50">
        {link ? (
          <a href={link} target="_blank" rel="noopener noreferrer" className="hover:text-gem">
            {story.title}
          </a>
        ) : (
          story.title
        )}
      </p>
      <p className="mt-0.5 text-xs text-muted">
        <span title={story.firstSource}>{sourceLabel(story.firstSource)}</span>
        <span aria-hidden> · </span>
        {plural(story.sources, "source")}
        <span aria-hidden> · </span>
        <time dateTime={story.timestamp} title={formatDateTime(story.timestamp)}>
          {relativeTime(story.timestamp)}
        </time>
      </p>
    </div>
  );
}
