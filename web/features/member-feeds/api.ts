import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MemberFeed } from "../../../contracts/reading.ts";
import { getJson, sendJson } from "../../lib/api-client.ts";
import { useMe } from "../../lib/session.ts";
import { paths } from "../../paths.ts";

/** GET /api/me/feeds (contracts/reading.ts memberFeedListSchema). */
export type MemberFeedList = { feeds: MemberFeed[]; limit: number; enabled: boolean };
export type OpmlLine = {
  line: number;
  address: string | null;
  title: string | null;
  result: "added" | "skipped" | "refused";
  reason: string;
};
export type OpmlReport = { lines: OpmlLine[]; added: number; skipped: number; refused: number };

const MEMBER_FEEDS = "member-feeds";

export function memberFeedsQuery(memberId: string) {
  return queryOptions({
    queryKey: [MEMBER_FEEDS, memberId],
    queryFn: ({ signal }) => getJson<MemberFeedList>(paths.api.memberFeeds, signal),
    // A feed's health changes as the server fetches it; a minute old is fresh enough.
    staleTime: 60_000,
  });
}

/**
 * The signed-in member's own feeds; visitors have none (the API answers them 401), so
 * the query only runs for a member.
 */
export function useMemberFeeds() {
  const me = useMe();
  const member = me.data?.user ?? null;
  const query = useQuery({ ...memberFeedsQuery(member?.id ?? "visitor"), enabled: member !== null });
  return { member, checking: me.isPending, query };
}

/**
 * After a feed is added, removed or imported: the list (on its page, the dashboard and My
 * Feed, which all read it) is read again.
 */
function useRefreshLists() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [MEMBER_FEEDS] });
}

/** Follows a feed by its own address or its site's. */
export function useAddMemberFeed() {
  const client = useQueryClient();
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (address: string) => sendJson<{ feed: MemberFeed }>("POST", paths.api.memberFeeds, { address }),
    onSuccess: ({ feed }) => {
      // Shown at once on every list; the refetch brings the server's view (and other devices' changes).
      client.setQueriesData<MemberFeedList>({ queryKey: [MEMBER_FEEDS] }, (data) =>
        data && !data.feeds.some((f) => f.key === feed.key) ? { ...data, feeds: [...data.feeds, feed] } : data,
      );
      return refresh();
    },
  });
}

/** Stops following a feed. */
export function useRemoveMemberFeed() {
  const client = useQueryClient();
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (feed: MemberFeed) => sendJson("DELETE", paths.api.memberFeed(feed.key), undefined),
    onSuccess: (_result, feed) => {
      client.setQueriesData<MemberFeedList>({ queryKey: [MEMBER_FEEDS] }, (data) =>
        data ? { ...data, feeds: data.feeds.filter((f) => f.key !== feed.key) } : data,
      );
      return refresh();
    },
  });
}

/** Follows every feed of an OPML file's text; answers what became of each line. */
export function useImportOpml() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (opml: string) => sendJson<OpmlReport>("POST", paths.api.memberFeedsOpmlImport, { opml }),
    onSuccess: () => refresh(),
  });
}
