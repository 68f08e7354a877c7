import { BookOpen, Eye, EyeOff, MessageCircle, Share2, Star, ThumbsDown, ThumbsUp } from "lucide-react";
import type { MouseEvent } from "react";
import { Link } from "react-router";
import { canAnalyze } from "../../../../contracts/analysis-catalog.ts";
import type { FeedItem } from "../../../../contracts/feeds.ts";
import { CoinChips } from "../../../components/coins/coin-chips.tsx";
import { AnalyzeButton } from "../../../components/ui/analyze-button.tsx";
import { ArticleTime } from "../../../components/ui/article-time.tsx";
import { articleKey, cardDescription } from "../../../lib/articles.ts";
import { openDiscussion, useCommentCount } from "../../../lib/discussion.ts";
import { paths } from "../../../paths.ts";
import { useToggleFavorite, useVote } from "../api.ts";
import { shareArticle } from "../share.ts";
import { AgeBadge } from "./age-badge.tsx";
import { ArticleImage } from "./article-image.tsx";
import { TokenSearch } from "./token-search.tsx";

/** What a list of cards shares: one vote and favorite hook for all of them, and the section's hide state. */
export type CardActions = {
  vote: ReturnType<typeof useVote>;
  favorites: ReturnType<typeof useToggleFavorite>;
  isHidden: (link: string) => boolean;
  toggleHidden: (link: string) => void;
};

export function useCardActions(hidden: { isHidden: (link: string) => boolean; toggle: (link: string) => void }) {
  return {
    vote: useVote(),
    favorites: useToggleFavorite(),
    isHidden: hidden.isHidden,
    toggleHidden: hidden.toggle,
  } satisfies CardActions;
}

const INTERACTIVE = "button, input, a, select, textarea, label, [role='option'], [role='listbox']";

/** Clicking a card opens the article in a new tab, except on its buttons, inputs and links. */
function openOnCardClick(event: MouseEvent<HTMLElement>, link: string, onOpen?: () => void) {
  if (!link || (event.target as Element).closest(INTERACTIVE)) return;
  window.open(link, "_blank", "noopener,noreferrer");
  onOpen?.();
}

/** The list entry after (or else before) the card holding this element. */
function neighbourOf(element: HTMLElement): Element | null {
  const entry = element.closest("li");
  return entry?.nextElementSibling ?? entry?.previousElementSibling ?? null;
}

/** When hiding took the focused card away, focus moves to its neighbour instead of the page's start. */
function keepFocusNear(button: HTMLElement, neighbour: Element | null) {
  requestAnimationFrame(() => {
    if (button.isConnected) return;
    neighbour?.querySelector<HTMLElement>("h3 a, button")?.focus();
  });
}

const actionBase =
  "inline-flex items-center gap-1 rounded-md border px-1.5 py-1 text-xs disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent";
const action = `${actionBase} border-transparent text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100`;
/** A cast vote is unmistakable: tinted, outlined, coloured and with a filled icon — not colour alone. */
const pressedVote = {
  up: `${actionBase} border-emerald-500/60 bg-emerald-500/20 font-semibold text-emerald-300`,
  down: `${actionBase} border-red-500/60 bg-red-500/20 font-semibold text-red-300`,
};

/** The article card: the one card every feed list uses. */
export function ArticleCard({
  item,
  actions,
  className = "",
  read = false,
  onOpen,
}: {
  item: FeedItem;
  actions: CardActions;
  className?: string;
  /** The reader has read it (the list dims it). */
  read?: boolean;
  /** The article was opened (card click or its title's link): it is read. */
  onOpen?: () => void;
}) {
  const hidden = actions.isHidden(articleKey(item));
  const favorite = actions.favorites.isFavorite(item);
  const analysable = canAnalyze(item.link);
  const description = cardDescription(item);
  const comments = useCommentCount(item.link, item.comments);
  // Comments belong to an article's http(s) link; an item without one has nothing to key them by.
  const discussable = /^https?:\/\//i.test(item.link);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title link is the keyboard way to open the article
    <article
      onClick={(event) => openOnCardClick(event, item.link, onOpen)}
      data-hidden={hidden || undefined}
      data-read={read || undefined}
      className={`flex cursor-pointer flex-col overflow-hidden rounded-xl border border-line bg-panel transition-colors hover:border-zinc-600 ${hidden ? "opacity-50" : ""} ${className}`}
    >
      <ArticleImage src={item.image} className="h-40 w-full bg-zinc-900 object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center gap-2 text-xs text-muted">
          {item.undated ? null : <AgeBadge date={item.pubDate} />}
          <span className="truncate" title={item.source}>
            {item.source}
          </span>
          <span aria-hidden>·</span>
          <ArticleTime item={item} format="date" />
        </div>
        <CoinChips coins={item.coins} />
        <h3 className="font-semibold leading-snug text-zinc-50">
          {read ? <span className="sr-only">Read: </span> : null}
          {item.link ? (
            <a
              href={item.link}
              target="_blank"
              rel="noopener noreferrer"
              onClick={onOpen}
              // A middle click opens it too (in a background tab).
              onAuxClick={(event) => (event.button === 1 ? onOpen?.() : undefined)}
              className="line-clamp-3 hover:text-gem"
            >
              {item.title}
            </a>
          ) : (
            <span className="line-clamp-3">{item.title}</span>
          )}
        </h3>
        {description ? <p className="line-clamp-3 text-sm text-muted">{description}</p> : null}
        <div className="mt-auto space-y-2 pt-2">
          <TokenSearch label={`Find a token mentioned in “${item.title}”`} />
          <div className="flex flex-wrap items-center gap-0.5">
            <button
              type="button"
              aria-label={`Vote up (${item.votes.up})`}
              aria-pressed={item.myVote === "up"}
              onClick={() => actions.vote(item, "up")}
              className={item.myVote === "up" ? pressedVote.up : action}
            >
              <ThumbsUp className={`size-4 ${item.myVote === "up" ? "fill-current" : ""}`} aria-hidden />
              <span aria-hidden>{item.votes.up}</span>
            </button>
            <button
              type="button"
              aria-label={`Vote down (${item.votes.down})`}
              aria-pressed={item.myVote === "down"}
              onClick={() => actions.vote(item, "down")}
              className={item.myVote === "down" ? pressedVote.down : action}
            >
              <ThumbsDown className={`size-4 ${item.myVote === "down" ? "fill-current" : ""}`} aria-hidden />
              <span aria-hidden>{item.votes.down}</span>
            </button>
            <button
              type="button"
              aria-label={`Comments (${comments})`}
              aria-haspopup="dialog"
              disabled={!discussable}
              onClick={() => openDiscussion({ contentId: item.link, title: item.title, count: item.comments })}
              className={action}
            >
              <MessageCircle className="size-4" aria-hidden />
              <span aria-hidden>{comments}</span>
            </button>
            <button
              type="button"
              aria-label={hidden ? "Unhide article" : "Hide article"}
              aria-pressed={hidden}
              onClick={(event) => {
                const neighbour = neighbourOf(event.currentTarget);
                actions.toggleHidden(articleKey(item));
                keepFocusNear(event.currentTarget, neighbour);
              }}
              className={action}
            >
              {hidden ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
            </button>
            <button
              type="button"
              aria-label={favorite ? "Remove from favorites" : "Add to favorites"}
              aria-pressed={favorite}
              onClick={() => actions.favorites.toggle(item)}
              className={`${actionBase} border-transparent hover:bg-zinc-800 ${favorite ? "text-yellow-300" : "text-zinc-400 hover:text-zinc-100"}`}
            >
              <Star className={`size-4 ${favorite ? "fill-current" : ""}`} aria-hidden />
            </button>
            <button type="button" aria-label="Share article" onClick={() => void shareArticle(item)} className={action}>
              <Share2 className="size-4" aria-hidden />
            </button>
            {discussable ? (
              <Link to={paths.reader(item.link)} title="Read in Gemwire" className={action}>
                <BookOpen className="size-4" aria-hidden />
                <span className="sr-only">Read in Gemwire</span>
              </Link>
            ) : null}
            <AnalyzeButton
              subject={{ kind: "article", title: item.title, link: item.link }}
              disabled={!analysable}
              title={analysable ? undefined : "Articles from this site cannot be analyzed"}
              className={`${actionBase} border-transparent ml-auto font-medium text-gem hover:bg-zinc-800`}
            />
          </div>
        </div>
      </div>
    </article>
  );
}
