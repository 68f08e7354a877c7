import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Me } from "../../contracts/accounts.ts";
import { paths } from "../paths.ts";
import { ApiError, getJson } from "./api-client.ts";

const signedOut: Me = { user: null, admin: false };

/** Who is signed in; a 401 simply means nobody. */
export const meQuery = queryOptions({
  queryKey: ["me"],
  queryFn: async ({ signal }): Promise<Me> => {
    try {
      return await getJson<Me>(paths.api.me, signal);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return signedOut;
      throw error;
    }
  },
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}

/** Spec §9: mobile avatar initials are the first 2 letters of the username (or the handle). */
export function initialsOf(user: { username: string | null; handle: string }): string {
  return (user.username?.trim() || user.handle).slice(0, 2).toUpperCase();
}
