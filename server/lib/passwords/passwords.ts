import { hash, verify } from "@node-rs/argon2";
import { isCommonPassword } from "./common-passwords.ts";

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
// algorithm 2 is Argon2id (the package exports it as a const enum, which isolated builds cannot read).
export const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

/** Constant-time check; a malformed stored hash counts as a mismatch. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Why a password is not acceptable, or undefined when it is. */
export function passwordProblem(password: string, handle?: string): string | undefined {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters`;
  if (isCommonPassword(password)) return "This password is too common; choose another";
  if (handle && handle.length >= 4 && password.toLowerCase().includes(handle.toLowerCase()))
    return "The password must not contain your handle";
  return undefined;
}
