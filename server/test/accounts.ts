import type { LightMyRequestResponse } from "fastify";

export const TEST_PASSWORD = "correct horse battery";
export const TEST_ADMIN_PASSWORD = "admin password for tests";

export const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);
