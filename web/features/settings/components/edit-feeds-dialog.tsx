import { ArrowDown, ArrowUp } from "lucide-react";
import { useState } from "react";
import { type FeedKey, feedTitles } from "../../../../contracts/feed-catalog.ts";
import { ALWAYS_ENABLED, type FeedSettings, normaliseFeedChoice } from "../../../../contracts/feed-settings.ts";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { primaryButton, secondaryButton } from "../../../components/ui/styles.ts";
import { useFeedSettings } from "../api.ts";

/**
 * Spec §2 Edit RSS Feeds: a toggle per feed (bitcoin always on), plus moving feeds up and
 * down to set the home page's order. Cancel and 'Save Changes' appear only after a change;
 * saving stores the choice, refetches the feeds and closes.
 */
export function EditFeedsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { query } = useFeedSettings();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Edit RSS Feeds"
      description="Choose the feeds on your dashboard and their order."
    >
      {query.data ? <FeedChoiceForm saved={query.data} onDone={onClose} /> : <p className="text-muted">Loading…</p>}
    </Dialog>
  );
}

function FeedChoiceForm({ saved, onDone }: { saved: FeedSettings; onDone: () => void }) {
  const { setFeedChoice } = useFeedSettings();
  const [draft, setDraft] = useState(() => ({ enabledFeeds: saved.enabledFeeds, feedOrder: saved.feedOrder }));
  const changed =
    draft.feedOrder.join() !== saved.feedOrder.join() ||
    [...draft.enabledFeeds].sort().join() !== [...saved.enabledFeeds].sort().join();

  const toggle = (key: FeedKey, on: boolean) =>
    setDraft((current) =>
      normaliseFeedChoice(
        on ? [...current.enabledFeeds, key] : current.enabledFeeds.filter((k) => k !== key),
        current.feedOrder,
      ),
    );
  const move = (index: number, by: -1 | 1) =>
    setDraft((current) => {
      const order = [...current.feedOrder];
      const [key] = order.splice(index, 1);
      if (key) order.splice(index + by, 0, key);
      return normaliseFeedChoice(current.enabledFeeds, order);
    });

  const save = () => setFeedChoice.mutate(draft, { onSuccess: onDone });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (changed) save();
      }}
    >
      <ol className="max-h-[60vh] space-y-1 overflow-y-auto">
        {draft.feedOrder.map((key, index) => {
          const always = key === ALWAYS_ENABLED;
          const title = feedTitles[key];
          return (
            <li key={key} className="flex items-center gap-2 rounded-md px-2 py-1 hover:bg-zinc-900">
              <label className="flex flex-1 items-center gap-3 py-1 text-sm text-zinc-200">
                <input
                  type="checkbox"
                  className="size-4 accent-emerald-400"
                  checked={always || draft.enabledFeeds.includes(key)}
                  disabled={always}
                  onChange={(event) => toggle(key, event.target.checked)}
                />
                {title}
                {always ? <span className="text-zinc-500">(Always enabled)</span> : null}
              </label>
              <button
                type="button"
                aria-label={`Move ${title} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                className="rounded p-1 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100 disabled:opacity-30"
              >
                <ArrowUp className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                aria-label={`Move ${title} down`}
                disabled={index === draft.feedOrder.length - 1}
                onClick={() => move(index, 1)}
                className="rounded p-1 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100 disabled:opacity-30"
              >
                <ArrowDown className="size-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ol>
      {changed ? (
        <div className="mt-4 flex justify-end gap-2">
          <button
            type="button"
            className={secondaryButton}
            // Cancel drops the draft with the dialog.
            onClick={onDone}
          >
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={setFeedChoice.isPending}>
            {setFeedChoice.isPending ? "Saving…" : "Save Changes"}
          </button>
        </div>
      ) : null}
    </form>
  );
}
