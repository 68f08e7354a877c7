import { useState } from "react";
import type { FeedItem } from "../../../contracts/feeds.ts";
import { articleKey } from "../../lib/articles.ts";
import { useHiddenArticles } from "./hidden-articles.ts";

/**
 * What every article list shares: the section's hidden set, the show-hidden
 * switch, how many loaded articles are hidden, and the articles to show.
 */
export function useArticleList(section: string, items: readonly FeedItem[]) {
  const hiddenSet = useHiddenArticles(section);
  const [showHidden, setShowHidden] = useState(false);
  const hiddenCount = items.filter((item) => hiddenSet.isHidden(articleKey(item))).length;
  const visible = showHidden ? [...items] : items.filter((item) => !hiddenSet.isHidden(articleKey(item)));
  return {
    hidden: hiddenSet,
    hiddenCount,
    showHidden,
    toggleShowHidden: () => setShowHidden((showing) => !showing),
    visible,
  };
}
