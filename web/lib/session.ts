import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Me } from "../../contracts/accounts.ts";
import { paths } from "../paths.ts";
import { getJson } from "./api-client.ts";

/** Who is signed in: a visitor is `{ user: null, admin: false }`, a normal answer rather than an error. */
export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: ({ signal }) => getJson<Me>(paths.api.me, signal),
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}

/** Mobile avatar initials are the first 2 letters of the username (or the handle). */
export function initialsOf(user: { username: string | null; handle: string }): string {
  return (user.username?.trim() || user.handle).slice(0, 2).toUpperCase();
}
