import type { Database } from "../db/database.ts";
import type { BlogPostsTable } from "../db/schema.ts";

/** A blog post stored straight in the database (as the admin would have saved it), for tests that read posts. */
export async function storeBlogPost(
  database: Database,
  post: Pick<BlogPostsTable, "id" | "slug" | "title" | "content"> & Partial<BlogPostsTable>,
): Promise<BlogPostsTable> {
  const now = Date.now();
  const row: BlogPostsTable = {
    excerpt: "",
    author: "Gemwire",
    date: now,
    tags: "[]",
    image: null,
    created_at: now,
    updated_at: now,
    ...post,
  };
  await database.db.insertInto("blog_posts").values(row).execute();
  return row;
}
