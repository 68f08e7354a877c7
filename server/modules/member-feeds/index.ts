export { createMemberFeedFetch } from "./fetch.ts";
export { dueMemberFeeds, followedSince, pruneUnfollowedFeeds } from "./repository.ts";
export type { MemberFeedRoutesOptions } from "./routes.ts";
export { memberFeedRoutes } from "./routes.ts";
