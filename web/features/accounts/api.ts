import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Me, Member } from "../../../contracts/accounts.ts";
import { sendJson } from "../../lib/api-client.ts";
import { meQuery } from "../../lib/session.ts";
import { paths } from "../../paths.ts";

type MemberBody = { user: Member };

/** After any change of who is signed in, everything member-specific is fetched again. */
function useSessionChange() {
  const client = useQueryClient();
  return (me: Me) => {
    client.setQueryData(meQuery.queryKey, me);
    // Nothing of the previous reader's may show: lists not on screen are dropped, the rest refetched.
    const personal = (query: { queryKey: readonly unknown[] }) =>
      query.queryKey[0] !== "me" && query.queryKey[0] !== "site";
    client.removeQueries({ predicate: (query) => personal(query) && query.getObserversCount() === 0 });
    void client.invalidateQueries({ predicate: personal });
  };
}

export function useSignIn() {
  const changed = useSessionChange();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { handle: string; password: string }) => sendJson<MemberBody>("POST", paths.api.signIn, input),
    onSuccess: ({ user }) => changed({ user, admin: client.getQueryData(meQuery.queryKey)?.admin ?? false }),
  });
}

export function useSignUp() {
  const changed = useSessionChange();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { inviteCode: string; handle: string; password: string; email?: string; username?: string }) =>
      sendJson<MemberBody>("POST", paths.api.signUp, input),
    onSuccess: ({ user }) => changed({ user, admin: client.getQueryData(meQuery.queryKey)?.admin ?? false }),
  });
}

export function useSignOut() {
  const changed = useSessionChange();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson("POST", paths.api.signOut, {}),
    onSuccess: () => changed({ user: null, admin: client.getQueryData(meQuery.queryKey)?.admin ?? false }),
  });
}

function useMemberUpdate<T>(send: (input: T) => Promise<MemberBody>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ user }) => client.setQueryData(meQuery.queryKey, (me) => ({ admin: me?.admin ?? false, user })),
  });
}

export const useUpdateProfile = () =>
  useMemberUpdate((input: { username: string; email: string }) => sendJson<MemberBody>("PATCH", paths.api.me, input));

export const useUploadAvatar = () =>
  useMemberUpdate((file: File) => {
    const form = new FormData();
    form.append("file", file);
    return sendJson<MemberBody>("POST", paths.api.avatar, form);
  });

export function useDeleteAccount() {
  const changed = useSessionChange();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (handle: string) => sendJson("DELETE", paths.api.me, { handle }),
    onSuccess: () => changed({ user: null, admin: client.getQueryData(meQuery.queryKey)?.admin ?? false }),
  });
}
