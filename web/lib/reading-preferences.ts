import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReadingPreferences } from "../../contracts/reading.ts";
import { toast } from "../components/ui/toast/toast-store.ts";
import { paths } from "../paths.ts";
import { getJson, sendJson } from "./api-client.ts";
import { useMe } from "./session.ts";
import { useStoredFlag } from "./stored-flag.ts";

/** A visitor's choice, in this browser. */
export const SHOW_EVERY_ARTICLE_FLAG = "show-every-article";

export const readingPreferencesQuery = queryOptions({
  queryKey: ["reading", "preferences"],
  queryFn: ({ signal }) => getJson<ReadingPreferences>(paths.api.readingPreferences, signal),
  staleTime: 5 * 60_000,
});

/**
 * Lists fold each story's articles under its earliest unless the reader asks to
 * see every article. A member's choice is kept on the server (every device); a visitor's in
 * this browser. The switch shows at once; a refused change is taken back with a toast.
 */
export function useShowEveryArticle(): { showEvery: boolean; setShowEvery: (on: boolean) => void } {
  const client = useQueryClient();
  const member = (useMe().data?.user ?? null) !== null;
  const [local, setLocal] = useStoredFlag(SHOW_EVERY_ARTICLE_FLAG);
  const preferences = useQuery({ ...readingPreferencesQuery, enabled: member });
  const mutation = useMutation({
    scope: { id: "reading-preferences" },
    mutationFn: (next: ReadingPreferences) => sendJson<ReadingPreferences>("PUT", paths.api.readingPreferences, next),
    onMutate: async (next) => {
      await client.cancelQueries({ queryKey: readingPreferencesQuery.queryKey });
      const previous = client.getQueryData(readingPreferencesQuery.queryKey);
      client.setQueryData(readingPreferencesQuery.queryKey, next);
      return { previous };
    },
    onSuccess: (saved) => client.setQueryData(readingPreferencesQuery.queryKey, saved),
    onError: (error, _next, context) => {
      client.setQueryData(readingPreferencesQuery.queryKey, context?.previous);
      toast({ title: "Preference not saved", description: (error as Error).message, variant: "destructive" });
    },
  });
  if (!member) return { showEvery: local, setShowEvery: setLocal };
  return {
    showEvery: preferences.data?.showEveryArticle ?? false,
    setShowEvery: (on) => mutation.mutate({ showEveryArticle: on }),
  };
}
