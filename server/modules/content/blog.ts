import type { BlogInput, BlogPost, BlogPostSummary } from "../../../contracts/content.ts";
import { blogPostUrl, POST_NOT_FOUND, SLUG, slugFromTitle } from "../../../contracts/content-catalog.ts";
import type { Database } from "../../db/database.ts";
import type { BlogPostsTable } from "../../db/schema.ts";
import { AppError, invalidRequest, notFound } from "../../errors.ts";
import { imageExists, removeImageIfUnused } from "./blog-images.ts";
import {
  deletePostWithComments,
  findPostById,
  findPostBySlug,
  insertPostIfSlugFree,
  listPosts,
  slugsLike,
  updatePost as updatePostRow,
} from "./blog-repository.ts";
import { pageCursor, parsePageCursor } from "./search.ts";
import { newContentId } from "./service.ts";

const postNotFound = () => notFound(POST_NOT_FOUND);

/** Tries at a free slug before giving up: each lost race costs one. */
const SLUG_ATTEMPTS = 20;

export function presentPost(row: BlogPostsTable): BlogPost {
  return { ...presentSummary(row), content: row.content };
}

/** A post as lists show it: everything but its content. */
export function presentSummary(row: Omit<BlogPostsTable, "content">): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    url: blogPostUrl(row.slug),
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    date: new Date(row.date).toISOString(),
    tags: JSON.parse(row.tags) as string[],
    image: row.image,
  };
}

/** Newest first, a page at a time; `q` (the admin's search) looks in title, excerpt, author and tags. */
async function pageOfPosts(
  database: Database,
  query: { q?: string; before?: string; limit: number },
  withContent: boolean,
) {
  const before = query.before === undefined ? undefined : parsePageCursor(query.before);
  if (before === null) throw invalidRequest("querystring.before: must be a page's `next`");
  const rows = await listPosts(database, { q: query.q, before, limit: query.limit + 1, withContent });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { page, next: rows.length > query.limit && last ? pageCursor(last.date, last.id) : null };
}

/** The admin's list: whole posts, for editing. */
export async function listBlogPosts(
  database: Database,
  query: { q?: string; before?: string; limit: number },
): Promise<{ posts: BlogPost[]; next: string | null }> {
  const { page, next } = await pageOfPosts(database, query, true);
  return { posts: page.map((row) => presentPost({ ...row, content: row.content ?? "" })), next };
}

/** The readers' list: posts without their content, which only a post's own page sends. */
export async function listBlogSummaries(
  database: Database,
  query: { before?: string; limit: number },
): Promise<{ posts: BlogPostSummary[]; next: string | null }> {
  const { page, next } = await pageOfPosts(database, query, false);
  return { posts: page.map(presentSummary), next };
}

/** The post at /blog/<slug>, else 'Post not found'. */
export async function getBlogPost(database: Database, slug: string): Promise<BlogPost> {
  // Addresses are matched as typed elsewhere in the app: /blog/Hello-World is /blog/hello-world.
  const key = slug.toLowerCase();
  const row = SLUG.test(key) ? await findPostBySlug(database, key) : undefined;
  if (!row) throw postNotFound();
  return presentPost(row);
}

/** The first of `base`, `base-2`, `base-3`… that no stored post has. */
function firstFree(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function checkImage(dataDir: string, image: string | null): Promise<void> {
  if (!(await imageExists(dataDir, image))) {
    throw invalidRequest("image: there is no uploaded image at that address (upload it again)");
  }
}

function postValues(input: BlogInput, date: number, now: number) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    content: input.content,
    author: input.author,
    date,
    tags: JSON.stringify(input.tags),
    image: input.image,
    updated_at: now,
  };
}

/**
 * Adds a post at /blog/<slug>, the slug made from its title and made unique with `-2`,
 * `-3`… The database's UNIQUE constraint is the judge: a slug taken meanwhile by another
 * post being created means trying the next one.
 */
export async function createBlogPost(
  database: Database,
  dataDir: string,
  input: BlogInput,
  now = Date.now(),
): Promise<BlogPost> {
  await checkImage(dataDir, input.image);
  const base = slugFromTitle(input.title);
  const values = postValues(input, input.date ? Date.parse(input.date) : now, now);
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const slug = firstFree(base, new Set(await slugsLike(database, base)));
    const row: BlogPostsTable = { id: newContentId(), slug, created_at: now, ...values };
    if (await insertPostIfSlugFree(database, row)) return presentPost(row);
  }
  throw new AppError(503, "unavailable", "Too many posts with this title are being saved at once. Try again.");
}

/**
 * Changes a post. Its slug stays as it was whatever the new title: its address may have
 * been shared, and comments are kept under it. An uploaded image it no longer shows is
 * removed when no other post shows it.
 */
export async function updateBlogPost(
  database: Database,
  dataDir: string,
  id: string,
  input: BlogInput,
  now = Date.now(),
): Promise<BlogPost> {
  const before = await findPostById(database, id);
  if (!before) throw postNotFound();
  await checkImage(dataDir, input.image);
  const date = input.date ? Date.parse(input.date) : before.date;
  if (!(await updatePostRow(database, id, postValues(input, date, now)))) throw postNotFound();
  if (before.image !== input.image) await removeImageIfUnused(database, dataDir, before.image);
  const after = await findPostById(database, id);
  if (!after) throw postNotFound();
  return presentPost(after);
}

/** Deletes a post, its comments and their notifications, and its uploaded image when no other post shows it. */
export async function deleteBlogPost(database: Database, dataDir: string, id: string): Promise<void> {
  const post = await findPostById(database, id);
  if (!post) throw postNotFound();
  const deleted = await database.db
    .transaction()
    .execute((trx) => deletePostWithComments({ db: trx }, { id, url: blogPostUrl(post.slug) }));
  if (!deleted) throw postNotFound();
  await removeImageIfUnused(database, dataDir, post.image);
}
