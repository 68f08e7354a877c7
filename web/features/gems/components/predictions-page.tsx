import { useQueryClient } from "@tanstack/react-query";
import { Trophy } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/form.tsx";
import { EmptyState, LoadError } from "../../../components/ui/list-states.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { SignInLink } from "../../../components/ui/sign-in-link.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useMe } from "../../../lib/session.ts";
import { paths } from "../../../paths.ts";
import { gemsQuery, useMyPredictions } from "../api.ts";
import { useNow } from "../countdown.ts";
import { PredictionItem } from "./prediction-item.tsx";

const link = "font-medium text-gem hover:underline";

/** /predictions: the member's predictions, open ones (counting down) first, then resolved ones. */
export function PredictionsPage() {
  const me = useMe();
  const member = me.data?.user ?? null;
  return (
    <Page
      title="Predictions"
      description="Your GEMS predictions: open ones and how the others turned out."
      actions={
        <Link to={paths.leaderboard} className="inline-flex items-center gap-1.5 text-sm text-gem hover:underline">
          <Trophy className="size-4" aria-hidden />
          Leaderboard
        </Link>
      }
    >
      {me.isPending ? (
        <Spinner />
      ) : member ? (
        <MyPredictions />
      ) : (
        <EmptyState>
          <SignInLink className={link}>Sign in</SignInLink> to see your predictions.
        </EmptyState>
      )}
    </Page>
  );
}

function MyPredictions() {
  const query = useMyPredictions();
  const predictions = query.data?.pages.flatMap((page) => page.predictions) ?? [];
  const open = predictions.filter((p) => p.status === "active");
  const resolved = predictions.filter((p) => p.status !== "active");
  const now = useNow(open.length > 0);
  useBalanceFollowsResolutions(open.length);

  if (query.isPending) return <Spinner label="Loading predictions" />;
  if (query.isError && predictions.length === 0) {
    return <LoadError message="Failed to load predictions" onRetry={() => void query.refetch()} />;
  }
  if (predictions.length === 0) {
    return (
      <EmptyState>
        No predictions yet. Pick a token on the{" "}
        <Link to={paths.tokens} className={link}>
          Tokens
        </Link>{" "}
        page and place one from its prediction panel.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-8">
      {open.length > 0 ? (
        <section aria-label="Open predictions">
          <h2 className="mb-3 text-lg font-semibold text-zinc-50">Open</h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {open.map((prediction) => (
              <PredictionItem key={prediction.id} prediction={prediction} now={now} />
            ))}
          </ul>
        </section>
      ) : null}
      {resolved.length > 0 ? (
        <section aria-label="Resolved predictions">
          <h2 className="mb-3 text-lg font-semibold text-zinc-50">Resolved</h2>
          <ul className="grid gap-3 md:grid-cols-2">
            {resolved.map((prediction) => (
              <PredictionItem key={prediction.id} prediction={prediction} now={now} />
            ))}
          </ul>
        </section>
      ) : null}
      {query.hasNextPage ? (
        <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Show older predictions
        </Button>
      ) : null}
    </div>
  );
}

/** When an open prediction resolves, its payout or refund has changed the balance: ask for it again. */
function useBalanceFollowsResolutions(openCount: number) {
  const client = useQueryClient();
  const previous = useRef(openCount);
  useEffect(() => {
    if (openCount < previous.current) void client.invalidateQueries({ queryKey: gemsQuery.queryKey });
    previous.current = openCount;
  }, [openCount, client]);
}
