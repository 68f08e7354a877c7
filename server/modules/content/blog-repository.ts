import { sql } from "kysely";
import type { Database, Db, DbWithDialect } from "../../db/database.ts";
import { escapeLike } from "../../db/like.ts";
import type { BlogPostsTable } from "../../db/schema.ts";
import { containsText } from "./search.ts";

type Cursor = { value: number; id: string };

/** Newest `date` first, after the cursor, optionally only posts containing `q`. */
export async function listPosts(
  { db, dialect }: Database,
  options: { q?: string; before?: Cursor; limit: number; withContent: boolean },
): Promise<Array<Omit<BlogPostsTable, "content"> & { content?: string }>> {
  let query = options.withContent
    ? db.selectFrom("blog_posts").selectAll()
    : db
        .selectFrom("blog_posts")
        .select(["id", "slug", "title", "excerpt", "author", "date", "tags", "image", "created_at", "updated_at"]);
  const { q, before } = options;
  if (q) query = query.where((eb) => containsText(eb, dialect, ["title", "excerpt", "author", "tags"], q));
  if (before) {
    query = query.where((eb) =>
      eb.or([eb("date", "<", before.value), eb.and([eb("date", "=", before.value), eb("id", "<", before.id)])]),
    );
  }
  return query.orderBy("date", "desc").orderBy("id", "desc").limit(options.limit).execute();
}

/** What the RSS feed needs of the newest posts: never their whole content. */
export async function listFeedPosts({ db }: Db, limit: number) {
  return db
    .selectFrom("blog_posts")
    .select(["id", "slug", "title", "excerpt", "author", "date", "tags", "image"])
    .orderBy("date", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function findPostBySlug({ db }: Db, slug: string): Promise<BlogPostsTable | undefined> {
  return db.selectFrom("blog_posts").selectAll().where("slug", "=", slug).executeTakeFirst();
}

/**
 * Whether the post at `slug` exists, holding it against deletion until the transaction
 * ends (PostgreSQL's KEY SHARE, which an edit of the post does not wait for): a comment
 * being added commits before the post's deletion starts, and is deleted with it.
 */
export async function holdPost({ db, dialect }: DbWithDialect, slug: string): Promise<boolean> {
  let query = db.selectFrom("blog_posts").select("id").where("slug", "=", slug);
  if (dialect === "postgres") query = query.forKeyShare();
  return (await query.executeTakeFirst()) !== undefined;
}

export async function findPostTitle({ db }: Db, slug: string): Promise<string | undefined> {
  const row = await db.selectFrom("blog_posts").select("title").where("slug", "=", slug).executeTakeFirst();
  return row?.title;
}

export async function findPostById({ db }: Db, id: string): Promise<BlogPostsTable | undefined> {
  return db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The slugs taken among `base` and `base-<anything>`, to pick the next free suffix from. */
export async function slugsLike({ db }: Db, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom("blog_posts")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), sql<boolean>`slug LIKE ${`${escapeLike(base)}-%`} ESCAPE '!'`]))
    .execute();
  return rows.map((row) => row.slug);
}

/**
 * Stores a post unless its slug is taken (then false: the caller picks another). The
 * UNIQUE constraint decides, so two posts created at once never share a slug.
 */
export async function insertPostIfSlugFree({ db }: Db, row: BlogPostsTable): Promise<boolean> {
  const result = await db
    .insertInto("blog_posts")
    .values(row)
    .onConflict((conflict) => conflict.column("slug").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Changes a post's fields (never its slug); false when there is no such post. */
export async function updatePost(
  { db }: Db,
  id: string,
  values: Omit<BlogPostsTable, "id" | "slug" | "created_at">,
): Promise<boolean> {
  const result = await db.updateTable("blog_posts").set(values).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes a post with its discussion: the comments on its url and the notifications they
 * caused. Call inside one transaction. The post goes first: from then on no comment can
 * be added to it (holdPost waits, then finds it gone), and one being added meanwhile has
 * committed before the comments are deleted.
 */
export async function deletePostWithComments({ db }: Db, post: { id: string; url: string }): Promise<boolean> {
  const result = await db.deleteFrom("blog_posts").where("id", "=", post.id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await db
    .deleteFrom("notifications")
    .where("cause", "in", (eb) =>
      eb
        .selectFrom("user_interactions")
        .select(sql<string>`'comment:' || user_interactions.id`.as("cause"))
        .where("user_interactions.content_id", "=", post.url)
        .where("user_interactions.interaction_type", "=", "comment"),
    )
    .execute();
  await db
    .deleteFrom("user_interactions")
    .where("content_id", "=", post.url)
    .where("interaction_type", "=", "comment")
    .execute();
  return true;
}

/** Whether any post shows this image. */
export async function isImageUsed({ db }: Db, image: string): Promise<boolean> {
  const row = await db.selectFrom("blog_posts").select("id").where("image", "=", image).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Of these images, the ones some post shows. */
export async function imagesInUse({ db }: Db, images: string[]): Promise<Set<string>> {
  if (images.length === 0) return new Set();
  const rows = await db.selectFrom("blog_posts").select("image").where("image", "in", images).execute();
  return new Set(rows.map((row) => row.image).filter((image): image is string => image !== null));
}
