export { blurtsRoutes } from "./blurts-routes.ts";
export { deleteCommentsOf } from "./comments-repository.ts";
export { commentRoutes } from "./comments-routes.ts";
export type { HubOptions } from "./notification-hub.ts";
export { NotificationHub } from "./notification-hub.ts";
export { notificationRoutes } from "./notifications-routes.ts";
export { deleteVotesOf, hasFavorite } from "./repository.ts";
export { communityRoutes } from "./routes.ts";
