import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FeedSettings, feedSettingsForDegen, normaliseFeedChoice } from "../../../contracts/feed-settings.ts";
import { toast } from "../../components/ui/toast/toast-store.ts";
import { getJson, sendJson } from "../../lib/api-client.ts";
import { useMe } from "../../lib/session.ts";
import { paths } from "../../paths.ts";
import { readLocalSettings, writeLocalSettings } from "./local-settings.ts";

/**
 * Degen mode and feed choices: a member's from the server (they follow them across
 * devices), a visitor's from this browser. Each change is saved, then feeds refetch.
 */
export function useFeedSettings() {
  const me = useMe();
  const member = me.data?.user ?? null;
  const client = useQueryClient();
  const key = ["settings", member?.id ?? "visitor"] as const;

  const query = useQuery({
    queryKey: key,
    // If "who am I?" fails, the reader is treated as a visitor rather than left waiting.
    enabled: !me.isPending,
    queryFn: ({ signal }) =>
      member ? getJson<FeedSettings>(paths.api.settings, signal) : Promise.resolve(readLocalSettings()),
  });

  const saved = (settings: FeedSettings) => {
    client.setQueryData(key, settings);
    void client.invalidateQueries({ queryKey: ["feeds"] });
  };
  /** Shows the change at once; the saved answer (or the old state, on failure) follows. */
  const optimistic = (next: (current: FeedSettings) => FeedSettings) => () => {
    const previous = client.getQueryData<FeedSettings>(key);
    if (previous) client.setQueryData(key, next(previous));
    return { previous };
  };
  const rollback =
    (title: string) => (_error: unknown, _input: unknown, context: { previous?: FeedSettings } | undefined) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      toast({ title, variant: "destructive" });
    };

  const degen = useMutation({
    mutationFn: async (degenMode: boolean): Promise<FeedSettings> => {
      if (member) return sendJson<FeedSettings>("PUT", paths.api.degenMode, { degenMode });
      const next = feedSettingsForDegen(degenMode);
      writeLocalSettings(next);
      return next;
    },
    onMutate: (degenMode) => optimistic(() => feedSettingsForDegen(degenMode))(),
    onSuccess: saved,
    onError: rollback("Failed to update settings"),
  });

  const feeds = useMutation({
    mutationFn: async (choice: { enabledFeeds: string[]; feedOrder?: string[] }): Promise<FeedSettings> => {
      if (member) return sendJson<FeedSettings>("PUT", paths.api.feedChoice, choice);
      const current = readLocalSettings();
      const next = {
        degenMode: current.degenMode,
        ...normaliseFeedChoice(choice.enabledFeeds, choice.feedOrder ?? current.feedOrder),
      };
      writeLocalSettings(next);
      return next;
    },
    onMutate: (choice) =>
      optimistic((current) => ({
        degenMode: current.degenMode,
        ...normaliseFeedChoice(choice.enabledFeeds, choice.feedOrder ?? current.feedOrder),
      }))(),
    onSuccess: saved,
    onError: rollback("Failed to update feed settings"),
  });

  return { query, member, setDegenMode: degen, setFeedChoice: feeds };
}
