import { CommentSection } from "../../features/community/components/comment-section.tsx";
import { BlogPostPage } from "../../features/content/components/blog-post-page.tsx";

/** /blog/{slug}: the post, then its comments keyed by the post's url. */
export function BlogPostWithCommentsPage() {
  return <BlogPostPage renderComments={(post) => <CommentSection contentId={post.url} />} />;
}
