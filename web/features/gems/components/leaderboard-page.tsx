import { useState } from "react";
import type { LeaderboardMember } from "../../../../contracts/gems.ts";
import { type LeaderboardPeriod, leaderboardPeriods } from "../../../../contracts/gems-catalog.ts";
import { EmptyState, LoadError } from "../../../components/ui/list-states.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useLeaderboard } from "../api.ts";
import { formatNet, formatRate } from "../format.ts";

const periodLabels: Record<LeaderboardPeriod, string> = { all: "All time", "7d": "Last 7 days" };

/**
 * /leaderboard: members ranked by GEMS won minus staked on resolved
 * predictions, over all time or the last 7 days, with win rate and resolved count.
 */
export function LeaderboardPage() {
  const [period, setPeriod] = useState<LeaderboardPeriod>("all");
  const query = useLeaderboard(period);
  return (
    <Page
      title="Leaderboard"
      description="Members ranked by GEMS won minus GEMS staked on their resolved predictions."
      actions={
        <fieldset aria-label="Period" className="inline-flex rounded-md border border-line p-0.5">
          {leaderboardPeriods.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={period === value}
              onClick={() => setPeriod(value)}
              className="rounded px-3 py-1 text-sm text-zinc-300 hover:text-zinc-50 aria-pressed:bg-zinc-800 aria-pressed:text-gem"
            >
              {periodLabels[value]}
            </button>
          ))}
        </fieldset>
      }
    >
      {query.isPending ? (
        <Spinner label="Loading the leaderboard" />
      ) : query.isError ? (
        <LoadError message="Failed to load the leaderboard" onRetry={() => void query.refetch()} />
      ) : query.data.members.length === 0 ? (
        <EmptyState>
          {period === "7d"
            ? "No prediction was resolved in the last 7 days."
            : "No prediction has been resolved yet: the first to call the market leads."}
        </EmptyState>
      ) : (
        <Ranking members={query.data.members} period={period} />
      )}
    </Page>
  );
}

function Ranking({ members, period }: { members: LeaderboardMember[]; period: LeaderboardPeriod }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full text-sm">
        <caption className="sr-only">Leaderboard, {periodLabels[period].toLowerCase()}</caption>
        <thead className="bg-panel text-left text-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              Rank
            </th>
            <th scope="col" className="px-3 py-2">
              Member
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Net GEMS
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Win rate
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Resolved
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member, index) => (
            <tr key={member.handle} className="border-t border-line">
              <td className="px-3 py-2 tabular-nums">{index + 1}</td>
              <th scope="row" className="px-3 py-2 text-left font-medium text-zinc-100">
                {member.username ?? member.handle}
                {member.username ? <span className="ml-1 text-muted">@{member.handle}</span> : null}
              </th>
              <td
                className={`px-3 py-2 text-right tabular-nums ${member.net > 0 ? "text-emerald-300" : member.net < 0 ? "text-red-300" : ""}`}
              >
                {formatNet(member.net)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">
                {formatRate(member.winRate)} <span className="text-muted">({member.won} won)</span>
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{member.resolved}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
