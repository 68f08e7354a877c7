import { ExternalLink } from "lucide-react";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { closeDiscussion, useDiscussion } from "../../../lib/discussion.ts";
import { CommentSection } from "./comment-section.tsx";

/**
 * The discussion of one article, opened from its card's comments button: a panel along the
 * right edge (focus kept inside, Escape closes it, focus goes back to the button) with the
 * article's title and its comments. Focus starts in the comment box for a member, on Close
 * for a visitor. The app layout mounts one for every card.
 */
export function DiscussionDrawer() {
  const article = useDiscussion();
  if (!article) return null;
  return (
    <Dialog open onClose={closeDiscussion} placement="right" className="max-w-md" title={article.title}>
      <div className="space-y-4">
        <a
          href={article.contentId}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm text-gem hover:underline"
        >
          Read the article
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
        <CommentSection key={article.contentId} contentId={article.contentId} headingLevel={3} />
      </div>
    </Dialog>
  );
}
