import { toast } from "../../components/ui/toast/toast-store.ts";
import { copyText } from "../../lib/clipboard.ts";

/**
 * Share: the browser's share sheet; where it is missing or fails, the link is copied
 * instead, with the 'Link copied' toast. Cancelling the share sheet is not a failure.
 */
export async function shareArticle(article: { title: string; link: string }) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: article.title, url: article.link });
      return;
    } catch (error) {
      if ((error as Error).name === "AbortError") return;
    }
  }
  try {
    await copyText(article.link);
    toast({ title: "Link copied", description: "Article link copied to clipboard" });
  } catch {
    toast({ title: "Could not copy the link", description: article.link, variant: "destructive" });
  }
}
