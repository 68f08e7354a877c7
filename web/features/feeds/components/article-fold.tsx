import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import type { FeedItem } from "../../../../contracts/feeds.ts";
import type { Fold } from "../../../../contracts/reading-catalog.ts";
import { ArticleTime } from "../../../components/ui/article-time.tsx";
import { articleKey } from "../../../lib/articles.ts";
import { listEntryRef } from "../../../lib/list-keyboard.ts";
import type { ListEntry } from "../../../lib/list-keys.ts";
import type { ReadState } from "../../../lib/read-state.ts";
import { AgeBadge } from "./age-badge.tsx";
import { ArticleCard, type CardActions } from "./article-card.tsx";

/** A read article is dimmed, and whole again under the pointer or the focus. */
const READ_DIM = "opacity-70 transition-opacity hover:opacity-100 focus-within:opacity-100";
/**
 * The shortcuts' current article: the page's focus outline, drawn inside so a scrolling row
 * does not clip it, and scrolled clear of the sticky header (banner, prices, header).
 * `outline-hidden`, not `outline-none`: in Tailwind 4 the latter sets the outline style to
 * none, which the focus rule would inherit, and the current article would show no ring.
 */
const ENTRY_FOCUS =
  "scroll-mt-32 scroll-mb-4 outline-hidden focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-gem focus-visible:-outline-offset-2";

function listEntry(item: FeedItem, actions: CardActions, reading: ReadState): ListEntry {
  return {
    link: item.link,
    favorite: () => actions.favorites.toggle(item),
    vote: (direction) => actions.vote(item, direction),
    toggleRead: () => reading.toggle(item),
    markRead: () => reading.mark([item], true),
  };
}

/** An article card of a list: dimmed once read, read once opened, reachable by the shortcuts. */
export function ListedCard({ item, actions, reading }: { item: FeedItem; actions: CardActions; reading: ReadState }) {
  const read = reading.isRead(item);
  return (
    <div
      ref={listEntryRef(listEntry(item, actions, reading))}
      data-reading-article=""
      data-read={read || undefined}
      tabIndex={-1}
      className={`flex w-full rounded-xl ${ENTRY_FOCUS} ${read ? READ_DIM : ""}`}
    >
      <ArticleCard
        item={item}
        actions={actions}
        read={read}
        onOpen={() => reading.mark([item], true)}
        className="w-full"
      />
    </div>
  );
}

/**
 * One story of a list: its earliest article's card, and "+N more sources" opening the
 * story's other articles of the list in place, as compact rows (they fit a home row's card
 * width and a phone alike).
 */
export function FoldedArticle({
  fold,
  actions,
  reading,
}: {
  fold: Fold<FeedItem>;
  actions: CardActions;
  reading: ReadState;
}) {
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const count = fold.more.length;
  if (count === 0) return <ListedCard item={fold.lead} actions={actions} reading={reading} />;
  return (
    <div className="flex w-full flex-col gap-2">
      <ListedCard item={fold.lead} actions={actions} reading={reading} />
      <button
        type="button"
        aria-expanded={open}
        aria-controls={moreId}
        onClick={() => setOpen((shown) => !shown)}
        className="inline-flex items-center gap-1.5 self-start rounded-md border border-line px-2.5 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800"
      >
        <ChevronDown className={`size-4 transition-transform ${open ? "rotate-180" : ""}`} aria-hidden />
        {`+${count} more source${count === 1 ? "" : "s"}`}
      </button>
      <ul id={moreId} hidden={!open} aria-label={`More sources for “${fold.lead.title}”`} className="space-y-2">
        {fold.more.map((item) => (
          <li key={articleKey(item)}>
            <SourceRow item={item} actions={actions} reading={reading} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Another source of a story, in a line or two: outlet, age and the headline linking to it. */
function SourceRow({ item, actions, reading }: { item: FeedItem; actions: CardActions; reading: ReadState }) {
  const read = reading.isRead(item);
  return (
    <div
      ref={listEntryRef(listEntry(item, actions, reading))}
      data-reading-article=""
      data-read={read || undefined}
      tabIndex={-1}
      className={`rounded-lg border border-line bg-panel px-3 py-2 ${ENTRY_FOCUS} ${read ? READ_DIM : ""}`}
    >
      <p className="flex items-center gap-2 text-xs text-muted">
        {item.undated ? null : <AgeBadge date={item.pubDate} />}
        <span className="truncate" title={item.source}>
          {item.source}
        </span>
        <span aria-hidden>·</span>
        <ArticleTime item={item} format="date" />
      </p>
      <p className="mt-1 text-sm font-medium leading-snug text-zinc-50">
        {read ? <span className="sr-only">Read: </span> : null}
        {item.link ? (
          <a
            href={item.link}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => reading.mark([item], true)}
            onAuxClick={(event) => (event.button === 1 ? reading.mark([item], true) : undefined)}
            className="line-clamp-2 hover:text-gem"
          >
            {item.title}
          </a>
        ) : (
          <span className="line-clamp-2">{item.title}</span>
        )}
      </p>
    </div>
  );
}
