export type { AdminPassword } from "./admin-password.ts";
export { loadAdminPassword } from "./admin-password.ts";
export { adminRoutes } from "./routes.ts";
