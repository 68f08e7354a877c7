import { ExternalLink, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { MemberFeed } from "../../../../contracts/reading.ts";
import { Button, FormError } from "../../../components/ui/form.tsx";
import { toast } from "../../../components/ui/toast/toast-store.ts";
import { nextTryLabel, pastLabel } from "../../../lib/dates.ts";
import { paths } from "../../../paths.ts";
import { useRemoveMemberFeed } from "../api.ts";

const httpAddress = (address: string) => /^https?:\/\//i.test(address);

/** How the feed's fetching goes, in plain words: when it was last updated, or what failed and when it is tried again. */
function Health({ feed }: { feed: MemberFeed }) {
  if (feed.lastError) {
    return (
      <p className="flex items-start gap-1.5 text-sm text-red-200">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Last fetch failed: {feed.lastErrorReason ?? feed.lastError} Next try {nextTryLabel(feed.nextAttempt)}.
        </span>
      </p>
    );
  }
  if (!feed.lastUpdated) {
    return <p className="text-sm text-muted">Not fetched yet — first fetch {nextTryLabel(feed.nextAttempt)}.</p>;
  }
  return <p className="text-sm text-muted">Updated {pastLabel(feed.lastUpdated)}.</p>;
}

/** One of the member's feeds, with Remove (asked again before it happens). */
export function MemberFeedRow({ feed }: { feed: MemberFeed }) {
  const remove = useRemoveMemberFeed();
  const [confirming, setConfirming] = useState(false);
  const row = useRef<HTMLLIElement>(null);
  const asked = useRef(false);

  useEffect(() => {
    // Focus follows the question, and comes back to Remove when the member keeps the feed.
    if (confirming || asked.current) row.current?.querySelector<HTMLElement>("[data-focus-next]")?.focus();
    asked.current = confirming;
  }, [confirming]);

  const confirm = () =>
    remove.mutate(feed, {
      onSuccess: () => toast({ title: `Stopped following ${feed.title}` }),
    });

  return (
    <li ref={row} className="space-y-2 rounded-xl border border-line bg-panel/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold text-zinc-50">
            <Link to={paths.memberFeed(feed.key)} className="hover:text-gem">
              {feed.title}
            </Link>
          </h3>
          <p className="break-all text-xs text-zinc-400">
            {httpAddress(feed.url) ? (
              <a
                href={feed.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 hover:text-zinc-200"
              >
                {feed.url}
                <ExternalLink className="size-3 shrink-0" aria-hidden />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              feed.url
            )}
          </p>
          <Health feed={feed} />
          <p className="text-xs text-zinc-400">
            {feed.itemCount === 1 ? "1 article" : `${feed.itemCount} articles`} stored
          </p>
        </div>
        {confirming ? null : (
          <Button data-focus-next variant="secondary" onClick={() => setConfirming(true)}>
            Remove<span className="sr-only"> {feed.title}</span>
          </Button>
        )}
      </div>
      {confirming ? (
        <fieldset
          aria-label={`Remove ${feed.title}?`}
          className="space-y-2 rounded-lg border border-red-900 bg-red-950/30 p-3"
        >
          <p className="text-sm text-red-100">
            Stop following {feed.title}? Its articles leave your dashboard and My Feed.
          </p>
          <FormError message={remove.error?.message} />
          <div className="flex gap-2">
            <Button data-focus-next variant="danger" busy={remove.isPending} onClick={confirm}>
              Remove feed
            </Button>
            <Button variant="secondary" disabled={remove.isPending} onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </fieldset>
      ) : null}
    </li>
  );
}
