import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { Gems, Leaderboard, PlacedPrediction, PlacePrediction, Predictions } from "../../../contracts/gems.ts";
import type { LeaderboardPeriod } from "../../../contracts/gems-catalog.ts";
import { getJson, sendJson } from "../../lib/api-client.ts";
import { paths } from "../../paths.ts";

/**
 * Every GEMS query key starts with "gems", so one invalidation after a placement refreshes
 * the balance, the member's predictions and the leaderboard together.
 */
export const GEMS_KEY = ["gems"] as const;

/*
 * Predictions resolve on the server (every 10 s); a balance on screen checks again each
 * minute so a payout shows up without a reload, and at once when the tab regains focus.
 */
export const BALANCE_REFRESH_MS = 60_000;

/** `GET /api/gems`: the signed-in member's balance. */
export const gemsQuery = queryOptions({
  queryKey: [...GEMS_KEY, "balance"],
  queryFn: ({ signal }) => getJson<Gems>(paths.api.gems, signal),
  staleTime: 30_000,
  refetchInterval: BALANCE_REFRESH_MS,
});

/** The member's balance; pass `enabled: false` for a visitor (the server would answer 401). */
export function useGems(enabled = true) {
  return useQuery({ ...gemsQuery, enabled });
}

/** `GET /api/predictions?mine=1`, page by page (newest first). */
export const myPredictionsQuery = infiniteQueryOptions({
  queryKey: [...GEMS_KEY, "predictions", "mine"],
  queryFn: ({ signal, pageParam }) => getJson<Predictions>(paths.api.myPredictions(pageParam), signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.next ?? undefined,
  staleTime: 10_000,
});

/** While a prediction is open the list asks again at the resolver's pace, so its outcome shows up unasked. */
export const OPEN_PREDICTIONS_REFRESH_MS = 10_000;

export function useMyPredictions(enabled = true) {
  return useInfiniteQuery({
    ...myPredictionsQuery,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.predictions.some((p) => p.status === "active"))
        ? OPEN_PREDICTIONS_REFRESH_MS
        : false,
  });
}

/** `GET /api/leaderboard?period=`: members with a resolved prediction, best net first. */
export function leaderboardQuery(period: LeaderboardPeriod) {
  return queryOptions({
    queryKey: [...GEMS_KEY, "leaderboard", period],
    queryFn: ({ signal }) => getJson<Leaderboard>(paths.api.leaderboard(period), signal),
    staleTime: 30_000,
  });
}

export function useLeaderboard(period: LeaderboardPeriod) {
  return useQuery(leaderboardQuery(period));
}

/** `POST /api/predictions`: stakes the wager; the new balance shows at once, then every GEMS query refreshes. */
export function usePlacePrediction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlacePrediction) => sendJson<PlacedPrediction>("POST", paths.api.placePrediction, body),
    onSuccess: async ({ balance }) => {
      client.setQueryData<Gems>(gemsQuery.queryKey, { balance });
      await client.invalidateQueries({ queryKey: GEMS_KEY });
    },
  });
}
