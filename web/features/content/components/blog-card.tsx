import { Link } from "react-router";
import type { BlogPostSummary } from "../../../../contracts/content.ts";
import { formatDate } from "../../../lib/dates.ts";
import { paths } from "../../../paths.ts";
import { BlogImage } from "./blog-image.tsx";

/** The title a post shows (nothing is required of a post). */
export const postTitle = (post: Pick<BlogPostSummary, "title">) => post.title || "Untitled post";

/** A 400 px post card linking to the post's own url, the whole card clickable. */
export function BlogCard({ post, headingLevel = 3 }: { post: BlogPostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-panel focus-within:border-gem hover:border-zinc-600">
      <BlogImage src={post.image} fallback className="h-[200px] w-full" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="line-clamp-2 text-lg font-semibold text-zinc-50">
          <Link to={paths.blogPost(post.slug)} className="outline-none after:absolute after:inset-0 hover:text-gem">
            {postTitle(post)}
          </Link>
        </Heading>
        {post.excerpt ? <p className="line-clamp-3 text-sm text-muted">{post.excerpt}</p> : null}
        <p className="mt-auto text-xs text-zinc-400">
          {[post.author, formatDate(post.date)].filter(Boolean).join(" · ")}
        </p>
        {post.tags.length > 0 ? <Tags tags={post.tags} /> : null}
      </div>
    </article>
  );
}

export function Tags({ tags, label = "Tags" }: { tags: readonly string[]; label?: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-zinc-800 px-2 py-0.5 text-xs text-zinc-300">
          {tag}
        </li>
      ))}
    </ul>
  );
}
