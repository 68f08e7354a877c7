import { SLUG } from "../../../contracts/content-catalog.ts";
import type { Database, DbWithDialect } from "../../db/database.ts";
import { notFound } from "../../errors.ts";
import { BUILT_IN_FEED_KEYS, findArticleByLink, visibleFeedsOf } from "../articles/index.ts";
import { findPostTitle, holdPost } from "../content/index.ts";
import { discussionTitle } from "./comments-repository.ts";
import { favoriteTitle } from "./repository.ts";

const BLOG_POST = /^\/blog\/(.*)$/;

const noBlogPost = () => notFound("There is no blog post at this address");

/**
 * The one place that decides what may be commented on, and the title a new comment is
 * stored with: a blog post at its url (`/blog/<slug>`, its title), else an article the
 * server knows (its newest row's title), else one a member keeps as a favorite (the
 * snapshot's title), else a discussion that already exists (its title, so it outlives
 * the feed's pruning). Anything else is 404.
 */
export async function commentableTitle(
  database: Database,
  contentId: string,
  viewerId: string | null = null,
): Promise<string | null> {
  const blogPost = BLOG_POST.exec(contentId);
  if (blogPost) {
    const slug = blogPost[1] as string;
    const title = SLUG.test(slug) ? await findPostTitle(database, slug) : undefined;
    if (title === undefined) throw noBlogPost();
    // An untitled post's comments read like a link's: no title rather than an empty one.
    return title || null;
  }
  // A built-in feed's copy names the discussion first: a member's own feed must not retitle
  // a public article's comments for everyone; a member feed's copy counts only for its
  // followers (a stranger cannot open discussions on what only someone else's feed carries).
  const followed = viewerId === null ? [] : (await visibleFeedsOf(database, viewerId)).followed;
  const article =
    (await findArticleByLink(database, contentId, BUILT_IN_FEED_KEYS)) ??
    (followed.length > 0 ? await findArticleByLink(database, contentId, followed) : undefined);
  if (article) return article.title;
  const favorite = await favoriteTitle(database, contentId);
  if (favorite !== undefined) return favorite;
  const discussion = await discussionTitle(database, contentId);
  if (discussion) return discussion.title;
  throw notFound("There is no article at this address to comment on");
}

/**
 * Inside the transaction adding a comment: holds what it is about against deletion
 * (a blog post; articles are never deleted with their discussions), or answers 404 when
 * it has gone since commentableTitle looked.
 */
export async function holdCommentable(tx: DbWithDialect, contentId: string): Promise<void> {
  const blogPost = BLOG_POST.exec(contentId);
  if (blogPost && !(await holdPost(tx, blogPost[1] as string))) throw noBlogPost();
}
