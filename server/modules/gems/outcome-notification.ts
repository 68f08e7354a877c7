import { notificationTitles } from "../../../contracts/community-catalog.ts";
import type { UserPredictionsTable } from "../../db/schema.ts";
import type { NewNotification } from "../notifications/index.ts";
import { predictionReference } from "./service.ts";

const gems = (amount: number) => `${amount.toLocaleString("en-US")} GEMS`;

/**
 * The notification telling a member how their prediction ended:
 * the token, direction, percentage and timeframe, and what happened to the GEMS.
 */
export function outcomeNotification(
  prediction: Pick<
    UserPredictionsTable,
    "id" | "user_id" | "token" | "direction" | "percentage" | "time_frame" | "wager"
  >,
  outcome: { status: "won" | "lost" | "void"; payout?: number },
): NewNotification {
  // Stored in hundredths, shown as entered.
  const call = `${prediction.token} ${prediction.direction} ${prediction.percentage / 100}% in ${prediction.time_frame}`;
  const description =
    outcome.status === "won"
      ? `Your prediction ${call} won: ${gems(outcome.payout ?? 0)} credited.`
      : outcome.status === "lost"
        ? `Your prediction ${call} lost: the ${gems(prediction.wager)} wager is gone.`
        : `Your prediction ${call} was void (no price after its end): the ${gems(prediction.wager)} stake is refunded.`;
  return {
    userId: prediction.user_id,
    kind: "prediction",
    title: notificationTitles[outcome.status],
    description,
    target: "/predictions",
    cause: predictionReference(prediction.id),
    // Nobody caused it: it is never held back by the per-sender cap.
    actorId: null,
  };
}
