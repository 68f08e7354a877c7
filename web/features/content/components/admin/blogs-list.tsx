import { useRef, useState } from "react";
import { Link } from "react-router";
import { NO_BLOGS } from "../../../../../contracts/content-catalog.ts";
import { toast } from "../../../../components/ui/toast/toast-store.ts";
import { formatDate } from "../../../../lib/dates.ts";
import { paths } from "../../../../paths.ts";
import { type BlogPost, useAdminPosts, useDeletePost } from "../../admin-api.ts";
import { postTitle } from "../blog-card.tsx";
import { AdminList, editLinkClass, RowActions } from "./admin-list.tsx";
import { ConfirmDelete } from "./confirm-delete.tsx";

export const POSTS_FAILED = "Failed to load blog posts";

/** The admin's 'Blogs List': search, open, edit (`?edit={id}&type=blog`) and delete the posts. */
export function BlogsList({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const query = useAdminPosts(q);
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];
  const remove = useDeletePost();
  const [deleting, setDeleting] = useState<BlogPost | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const close = () => {
    setDeleting(null);
    remove.reset();
  };
  return (
    <>
      <AdminList
        label="Blog posts"
        search="Search blogs"
        q={q}
        onSearch={onSearch}
        query={query}
        count={posts.length}
        empty={NO_BLOGS}
        searchRef={search}
        failed={POSTS_FAILED}
      >
        {posts.map((post) => {
          const title = postTitle(post);
          return (
            <li key={post.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0 space-y-1">
                <h3 className="font-semibold text-zinc-50">
                  <Link to={paths.blogPost(post.slug)} className="hover:text-gem hover:underline">
                    {title}
                  </Link>
                </h3>
                <p className="text-sm text-zinc-400">
                  {[post.author, formatDate(post.date), post.tags.join(", ")].filter(Boolean).join(" · ")}
                </p>
              </div>
              <RowActions
                name={title}
                onDelete={() => setDeleting(post)}
                edit={
                  <Link to={paths.adminEditBlog(post.id)} aria-label={`Edit ${title}`} className={editLinkClass}>
                    Edit
                  </Link>
                }
              />
            </li>
          );
        })}
      </AdminList>
      {deleting ? (
        <ConfirmDelete
          what="post"
          name={postTitle(deleting)}
          busy={remove.isPending}
          error={remove.error?.message}
          onClose={close}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast({ title: "Post deleted", description: postTitle(deleting) });
                close();
                // The row and its button go: focus waits in the search box (once the dialog has let go).
                requestAnimationFrame(() => search.current?.focus());
              },
            })
          }
        />
      ) : null}
    </>
  );
}
