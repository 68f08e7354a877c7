import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Database } from "../db/database.ts";
import { createInvite } from "../modules/accounts/invites.ts";

export const TEST_PASSWORD = "correct horse battery";
export const TEST_ADMIN_PASSWORD = "admin password for tests";

export const cookieOf = (response: LightMyRequestResponse, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

let joined = 0;

/**
 * Signs a new member up through the API (each from its own address, so sign-up limits
 * never bite) and returns their id, handle and session cookies.
 */
export async function joinAsMember(app: FastifyInstance, database: Database, name?: string) {
  const n = ++joined;
  const handle = name ?? `member_${n}`;
  const { code } = await createInvite(database, {});
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/signup",
    payload: { inviteCode: code, handle, password: TEST_PASSWORD },
    remoteAddress: `198.51.100.${(n % 250) + 1}`,
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  const session = cookieOf(response, "gemwire_session")?.value ?? "";
  return { id: response.json().user.id as string, handle, cookies: { gemwire_session: session } };
}
