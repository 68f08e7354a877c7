import { z } from "zod";
import { feedKeySchema, feedKeys } from "./feeds.ts";

export { type FeedSettings, feedSettingsForDegen, normaliseFeedChoice } from "./feed-settings.ts";

export const feedSettingsSchema = z
  .object({
    degenMode: z.boolean(),
    enabledFeeds: z.array(feedKeySchema),
    feedOrder: z.array(feedKeySchema),
  })
  .meta({ id: "FeedSettings" });

export const degenModeBodySchema = z.object({ degenMode: z.boolean() });

export const feedChoiceBodySchema = z.object({
  enabledFeeds: z.array(feedKeySchema).max(feedKeys.length * 2),
  feedOrder: z
    .array(feedKeySchema)
    .max(feedKeys.length * 2)
    .optional(),
});
