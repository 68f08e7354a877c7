import { NO_BLOGS } from "../../../../contracts/content-catalog.ts";
import { EmptyState, LoadError, LoadMore, RefreshFailed } from "../../../components/ui/list-states.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useBlogPosts } from "../blog-api.ts";
import { BlogCard } from "./blog-card.tsx";

export const BLOG_FAILED = "Failed to load blog posts";

/** /blog: a grid of 400 px post cards, newest first, a page at a time. */
export function BlogPage() {
  const query = useBlogPosts();
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];
  const retry = () => void query.refetch();
  return (
    <Page title="Blog" description="Posts from the Gemwire team.">
      {query.isPending ? (
        <Spinner label="Loading posts" />
      ) : query.isError && !query.data ? (
        <LoadError message={BLOG_FAILED} onRetry={retry} />
      ) : posts.length === 0 ? (
        <EmptyState>{NO_BLOGS}</EmptyState>
      ) : (
        <div className="space-y-6">
          {query.isRefetchError && !query.isFetching ? (
            <RefreshFailed message="Could not refresh the posts." onRetry={retry} />
          ) : null}
          <ul
            aria-label="Posts, newest first"
            className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,400px),400px))] gap-6"
          >
            {posts.map((post) => (
              <li key={post.id}>
                <BlogCard post={post} headingLevel={2} />
              </li>
            ))}
          </ul>
          <LoadMore pages={query} failed="Could not load more posts." />
        </div>
      )}
    </Page>
  );
}
