import type { Database } from "../../db/database.ts";
import { notFound } from "../../errors.ts";
import { findArticleByLink } from "../feeds/repository.ts";
import { discussionTitle } from "./comments-repository.ts";
import { favoriteTitle } from "./repository.ts";

const BLOG_POST = /^\/blog\//;

/**
 * The one place that decides what may be commented on, and the title a new comment is
 * stored with: an article the server knows (its newest row's title), else one a member
 * keeps as a favorite (the snapshot's title), else a discussion that already exists
 * (its title, so it outlives the feed's pruning). Anything else is 404.
 *
 * Blog posts (`/blog/<slug>`) have no store yet: until the blog issue adds its lookup
 * here, every such address is answered "There is no blog post at this address".
 */
export async function commentableTitle(database: Database, contentId: string): Promise<string | null> {
  if (BLOG_POST.test(contentId)) throw notFound("There is no blog post at this address");
  const article = await findArticleByLink(database, contentId);
  if (article) return article.title;
  const favorite = await favoriteTitle(database, contentId);
  if (favorite !== undefined) return favorite;
  const discussion = await discussionTitle(database, contentId);
  if (discussion) return discussion.title;
  throw notFound("There is no article at this address to comment on");
}
