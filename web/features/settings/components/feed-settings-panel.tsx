import { feedKeys, feedTitles } from "../../../../contracts/feed-catalog.ts";
import { ALWAYS_ENABLED } from "../../../../contracts/feed-settings.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useFeedSettings } from "../api.ts";

/** Degen mode and the feeds a reader follows (spec §2 Settings, §4 Degen mode). */
export function FeedSettingsPanel() {
  const { query, member, setDegenMode, setFeedChoice } = useFeedSettings();
  if (query.isPending) return <Spinner label="Loading settings" />;
  if (query.isError) {
    return (
      <p role="alert" className="text-red-300">
        Failed to load settings
      </p>
    );
  }
  const settings = query.data;
  const busy = setDegenMode.isPending;
  const toggle = (key: string, on: boolean) =>
    setFeedChoice.mutate({
      enabledFeeds: on ? [...settings.enabledFeeds, key] : settings.enabledFeeds.filter((k) => k !== key),
      feedOrder: settings.feedOrder,
    });
  return (
    <div className="max-w-lg space-y-6">
      <div className="flex items-center justify-between gap-4 rounded-lg border border-line bg-panel p-4">
        <div>
          <p id="degen-label" className="font-semibold text-zinc-100">
            Degen mode
          </p>
          <p className="text-sm text-zinc-400">Every feed, memes and socials included, in the degen order.</p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={settings.degenMode}
          aria-labelledby="degen-label"
          disabled={busy}
          onClick={() => setDegenMode.mutate(!settings.degenMode)}
          className={`relative h-6 w-11 shrink-0 rounded-full transition-colors disabled:opacity-60 ${settings.degenMode ? "bg-gem" : "bg-zinc-700"}`}
        >
          <span
            className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white transition-transform ${settings.degenMode ? "translate-x-5" : ""}`}
          />
        </button>
      </div>
      <fieldset className="space-y-2" aria-describedby="feeds-hint">
        <legend className="font-semibold text-zinc-100">Feeds</legend>
        <p id="feeds-hint" className="text-sm text-zinc-400">
          {member
            ? "Saved to your account, on every device."
            : "Saved in this browser. Sign in to keep them on every device."}
        </p>
        <ul className="space-y-1">
          {feedKeys.map((key) => {
            const always = key === ALWAYS_ENABLED;
            return (
              <li key={key}>
                <label className="flex items-center gap-3 rounded-md px-2 py-1.5 text-sm text-zinc-200 hover:bg-zinc-900">
                  <input
                    type="checkbox"
                    className="size-4 accent-emerald-400"
                    checked={always || settings.enabledFeeds.includes(key)}
                    disabled={always || busy}
                    onChange={(event) => toggle(key, event.target.checked)}
                  />
                  {feedTitles[key]}
                  {always ? <span className="text-zinc-500">(Always enabled)</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}
