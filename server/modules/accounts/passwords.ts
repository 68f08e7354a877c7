import { hash, verify } from "@node-rs/argon2";

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
// algorithm 2 is Argon2id (the package exports it as a const enum, which isolated builds cannot read).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

/** Constant-time check; a malformed stored hash counts as a mismatch. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** The most common passwords long enough to pass the length rule; refused outright. */
const COMMON = new Set(
  [
    "1234567890",
    "0123456789",
    "0987654321",
    "1234567891",
    "1122334455",
    "1111111111",
    "0000000000",
    "qwertyuiop",
    "asdfghjkl1",
    "zxcvbnm123",
    "1q2w3e4r5t",
    "q1w2e3r4t5",
    "1qaz2wsx3edc",
    "zaq12wsxcde",
    "qwerty1234",
    "qwerty12345",
    "qwerty123456",
    "1234qwerasdf",
    "123456789a",
    "a123456789",
    "abc1234567",
    "abcdefghij",
    "aaaaaaaaaa",
    "password12",
    "password123",
    "password1234",
    "passw0rd123",
    "p@ssw0rd123",
    "iloveyou12",
    "iloveyou123",
    "letmein123",
    "welcome123",
    "welcome1234",
    "changeme123",
    "administrator",
    "football123",
    "baseball123",
    "basketball",
    "princess12",
    "sunshine12",
    "starwars12",
    "trustno1234",
    "dragon1234",
    "monkey1234",
    "superman12",
    "batman1234",
    "master1234",
    "whatever12",
    "computer12",
    "internet12",
    "samsung123",
    "google1234",
    "bitcoin123",
    "bitcoin1234",
    "ethereum123",
    "satoshi123",
    "crypto1234",
    "hodl123456",
    "tothemoon1",
    "lambo12345",
    "dogecoin123",
    "solana1234",
    "gemwire123",
    "gemwire1234",
  ].map((p) => p.toLowerCase()),
);

/** Why a password is not acceptable, or undefined when it is. */
export function passwordProblem(password: string, handle?: string): string | undefined {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters`;
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || /^(.)\1+$/.test(password)) return "This password is too common; choose another";
  if (handle && handle.length >= 4 && lower.includes(handle.toLowerCase()))
    return "The password must not contain your handle";
  return undefined;
}
