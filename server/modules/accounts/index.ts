export { createInvite, listInvites, revokeInvite } from "./invites.ts";
export { purgeDeletedAccounts } from "./profile.ts";
export { profileRoutes } from "./profile-routes.ts";
export { accountRoutes } from "./routes.ts";
export { guardSignIn } from "./sign-in-limits.ts";
