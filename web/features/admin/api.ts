import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Invite } from "../../../contracts/accounts.ts";
import { getJson, sendJson } from "../../lib/api-client.ts";
import { meQuery } from "../../lib/session.ts";
import { paths } from "../../paths.ts";

const invitesQuery = queryOptions({
  queryKey: ["admin", "invites"],
  queryFn: ({ signal }) => getJson<{ invites: Invite[] }>(paths.api.invites, signal),
});

export const useInvites = (enabled: boolean) => useQuery({ ...invitesQuery, enabled });

export function useAdminSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => sendJson("POST", paths.api.adminSignIn, { password }),
    onSuccess: () => client.setQueryData(meQuery.queryKey, (me) => ({ user: me?.user ?? null, admin: true })),
  });
}

export function useAdminSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson("POST", paths.api.adminSignOut, {}),
    onSuccess: () => client.setQueryData(meQuery.queryKey, (me) => ({ user: me?.user ?? null, admin: false })),
  });
}

export function useCreateInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { note?: string; expiresInDays?: number }) =>
      sendJson<{ code: string; id: string }>("POST", paths.api.invites, input),
    onSuccess: () => client.invalidateQueries({ queryKey: invitesQuery.queryKey }),
  });
}

export function useRevokeInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson("POST", paths.api.revokeInvite(id), {}),
    onSuccess: () => client.invalidateQueries({ queryKey: invitesQuery.queryKey }),
  });
}
