import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import type { BlogPost } from "../../../../contracts/content.ts";
import { contentParagraphs, POST_NOT_FOUND } from "../../../../contracts/content-catalog.ts";
import { AnalyzeButton } from "../../../components/ui/analyze-button.tsx";
import { LoadError } from "../../../components/ui/list-states.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/dates.ts";
import { paths } from "../../../paths.ts";
import { useBlogPost } from "../blog-api.ts";
import { postTitle, Tags } from "./blog-card.tsx";
import { BlogImage } from "./blog-image.tsx";

export const POST_FAILED = "Failed to load the post";

/**
 * /blog/{slug}: the post looked up by its url: image, title, author, date,
 * content paragraphs (plain text: whatever the post holds is shown as text, never markup),
 * tags, then what `renderComments` adds — the comment section, keyed by the post's url,
 * which the app passes in (features do not import each other).
 */
export function BlogPostPage({ renderComments }: { renderComments: (post: BlogPost) => ReactNode }) {
  const { slug = "" } = useParams();
  const query = useBlogPost(slug);
  if (query.isPending) {
    return (
      <Page title="Blog">
        <Spinner label="Loading the post" />
      </Page>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Page title={missing ? POST_NOT_FOUND : "Blog"}>
        {missing ? (
          <p className="text-muted">
            There is no post at this address; it may have been removed.{" "}
            <Link to={paths.blog} className="text-gem underline hover:text-white">
              Back to the blog
            </Link>
          </p>
        ) : (
          <LoadError message={POST_FAILED} onRetry={() => void query.refetch()} />
        )}
      </Page>
    );
  }
  const post = query.data;
  return (
    <Page
      title={postTitle(post)}
      actions={
        // Analysed from the post as stored on Gemwire (its /blog/<slug>), never fetched.
        <AnalyzeButton
          subject={{ kind: "post", title: postTitle(post), url: post.url }}
          label="Analyze post"
          className="inline-flex items-center gap-2 rounded-md border border-line px-3 py-2 text-sm font-medium text-gem hover:bg-zinc-800 disabled:cursor-wait disabled:opacity-60"
        />
      }
    >
      <article className="max-w-3xl space-y-6">
        <BlogImage src={post.image} className="max-h-[420px] w-full rounded-xl" />
        <p className="text-sm text-zinc-400">
          {post.author ? <span>By {post.author}</span> : null}
          {post.author ? " · " : null}
          <time dateTime={post.date}>{formatDate(post.date)}</time>
        </p>
        <div className="space-y-4 leading-relaxed text-zinc-200">
          {contentParagraphs(post.content).map((paragraph, index) => (
            // Paragraphs have no identity of their own; their order is fixed for a given post.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
        {post.tags.length > 0 ? <Tags tags={post.tags} /> : null}
        <p>
          <Link to={paths.blog} className="text-sm text-gem underline hover:text-white">
            All posts
          </Link>
        </p>
      </article>
      <div className="mt-10 max-w-3xl">{renderComments(post)}</div>
    </Page>
  );
}
