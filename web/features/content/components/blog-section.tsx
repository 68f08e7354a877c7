import { useId } from "react";
import { Link } from "react-router";
import { RefreshFailed } from "../../../components/ui/list-states.tsx";
import { paths } from "../../../paths.ts";
import { useLatestPosts } from "../api.ts";
import { BlogCard } from "./blog-card.tsx";

/** What the home page says when the newest posts cannot be loaded. */
export const LATEST_POSTS_FAILED = "Could not load the latest blog posts.";

/**
 * The dashboard's blog section, last: the newest posts on 400 px cards. Hidden while there
 * are none (and while they load); a failed load says so in one small line with a retry.
 */
export function BlogSection() {
  const headingId = useId();
  const latest = useLatestPosts();
  const posts = latest.data?.posts ?? [];
  const failed = latest.isError && !latest.data;
  if (!failed && posts.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-zinc-50">
          From the Blog
        </h2>
        <Link to={paths.blog} className="text-sm text-gem underline hover:text-white">
          All posts
        </Link>
      </div>
      {failed ? (
        <RefreshFailed message={LATEST_POSTS_FAILED} onRetry={() => void latest.refetch()} />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <ul tabIndex={0} aria-label="Latest posts" className="flex snap-x gap-4 overflow-x-auto pb-3">
          {posts.map((post) => (
            <li key={post.id} className="w-[400px] max-w-[85vw] shrink-0 snap-start">
              <BlogCard post={post} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
