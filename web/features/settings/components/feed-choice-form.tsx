import { ArrowDown, ArrowUp } from "lucide-react";
import { useState } from "react";
import { type FeedKey, feedTitles } from "../../../../contracts/feed-catalog.ts";
import { ALWAYS_ENABLED, type FeedSettings, normaliseFeedChoice } from "../../../../contracts/feed-settings.ts";
import { primaryButton, secondaryButton } from "../../../components/ui/styles.ts";
import { toast } from "../../../components/ui/toast/toast-store.ts";
import type { useFeedSettings } from "../api.ts";

type Choice = Pick<FeedSettings, "enabledFeeds" | "feedOrder">;

const sameChoice = (a: Choice, b: Choice) =>
  a.feedOrder.join() === b.feedOrder.join() && [...a.enabledFeeds].sort().join() === [...b.enabledFeeds].sort().join();

const moveButton =
  "rounded p-1 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100 disabled:opacity-30 disabled:hover:bg-transparent";

/**
 * Edit RSS Feeds, the one feed chooser (the dashboard's dialog and Settings both
 * show it): a toggle per feed in the reader's order (bitcoin always on), moving feeds up and
 * down. Cancel and 'Save Changes' appear only after a change. Saving stores the choice and
 * refetches the feeds; a refused save puts the saved choice back with a toast (useFeedSettings)
 * and keeps the draft, so the reader can try again.
 *
 * `onClose`: where the chooser sits in a dialog, Cancel and a successful save close it;
 * without one, Cancel puts the saved choice back in place. The save comes from the caller's
 * useFeedSettings, so (re)mounting the chooser never fetches the settings again mid-change.
 */
export function FeedChoiceForm({
  saved,
  setFeedChoice,
  onClose,
  disabled = false,
}: {
  saved: FeedSettings;
  setFeedChoice: ReturnType<typeof useFeedSettings>["setFeedChoice"];
  onClose?: () => void;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState<Choice>(() => ({ enabledFeeds: saved.enabledFeeds, feedOrder: saved.feedOrder }));
  const changed = !sameChoice(draft, saved);
  const busy = disabled || setFeedChoice.isPending;

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
  const cancel = () => {
    setDraft({ enabledFeeds: saved.enabledFeeds, feedOrder: saved.feedOrder });
    onClose?.();
  };
  const save = () =>
    setFeedChoice.mutate(draft, {
      onSuccess: () => {
        toast({ title: "Feed settings saved" });
        onClose?.();
      },
    });

  return (
    <form
      aria-label="Choose and order feeds"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed && !busy) save();
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
                  disabled={always || busy}
                  onChange={(event) => toggle(key, event.target.checked)}
                />
                {title}
                {always ? <span className="text-zinc-500">(Always enabled)</span> : null}
              </label>
              <button
                type="button"
                aria-label={`Move ${title} up`}
                disabled={index === 0 || busy}
                onClick={() => move(index, -1)}
                className={moveButton}
              >
                <ArrowUp className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                aria-label={`Move ${title} down`}
                disabled={index === draft.feedOrder.length - 1 || busy}
                onClick={() => move(index, 1)}
                className={moveButton}
              >
                <ArrowDown className="size-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ol>
      {changed ? (
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={cancel}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={busy}>
            {setFeedChoice.isPending ? "Saving…" : "Save Changes"}
          </button>
        </div>
      ) : null}
    </form>
  );
}
