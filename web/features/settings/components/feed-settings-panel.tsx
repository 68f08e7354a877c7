import { SignInLink } from "../../../components/ui/sign-in-link.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useFeedSettings } from "../api.ts";
import { FeedChoiceForm } from "./feed-choice-form.tsx";

/** Degen mode and the feeds a reader follows, in Settings. */
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
          {member ? (
            "Your dashboard's feeds and their order, saved to your account, on every device."
          ) : (
            <>
              Your dashboard's feeds and their order, saved in this browser.{" "}
              <SignInLink className="font-medium text-gem hover:underline">Sign in</SignInLink> to keep them on every
              device.
            </>
          )}
        </p>
        {/* Degen mode replaces the whole choice: the chooser starts again from what it set. */}
        <FeedChoiceForm
          key={String(settings.degenMode)}
          saved={settings}
          setFeedChoice={setFeedChoice}
          disabled={busy}
        />
      </fieldset>
    </div>
  );
}
