import { z } from "zod";
import { HANDLE_MAX } from "./accounts-catalog.ts";
import { text, textChecks } from "./text.ts";

/** A handle as typed: an optional "@", then 1 to HANDLE_MAX letters, digits or underscores. */
const HANDLE = new RegExp(`^@?[A-Za-z0-9_]{1,${HANDLE_MAX}}$`);

export const handleSchema = text()
  .trim()
  .regex(HANDLE, { error: `Use 1 to ${HANDLE_MAX} letters, digits or underscores` })
  .transform((handle) => handle.replace(/^@/, ""));

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

const emailSchema = z.email({ error: "Enter a valid email address" }).check(...textChecks());

export const signUpSchema = z.object({
  inviteCode: text().trim().min(1, { error: "Enter your invitation code" }).max(100),
  handle: handleSchema,
  password: text().max(1_000),
  email: z.union([emailSchema, z.literal("")]).optional(),
  username: optionalText(50),
});

export const signInSchema = z.object({
  handle: handleSchema,
  password: text({ controls: "allow" }).min(1, { error: "Enter your password" }).max(1_000),
});

export const memberSchema = z
  .object({
    id: z.string(),
    handle: z.string(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    avatar: z.string().nullable().describe("Address of the profile picture"),
  })
  .meta({ id: "Member" });

export type Member = z.infer<typeof memberSchema>;

export const meSchema = z.object({ user: memberSchema.nullable(), admin: z.boolean() });
export type Me = z.infer<typeof meSchema>;

export const adminSignInSchema = z.object({ password: text({ controls: "allow" }).min(1).max(1_000) });

export const createInviteSchema = z.object({
  note: optionalText(200),
  expiresInDays: z.number().int().min(1).max(365).optional(),
});

export const inviteSchema = z
  .object({
    id: z.string(),
    hint: z.string().describe("The code's first characters, to tell invites apart"),
    note: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    usedAt: z.string().nullable(),
    usedBy: z.string().nullable().describe("Handle of the member who used it"),
    revokedAt: z.string().nullable(),
    status: z.enum(["open", "used", "revoked", "expired"]),
  })
  .meta({ id: "Invite" });

export type Invite = z.infer<typeof inviteSchema>;

export const profileUpdateSchema = z.object({
  username: text().trim().max(50).nullable().optional(),
  email: z
    .union([emailSchema, z.literal("")])
    .nullable()
    .optional(),
});

export const deleteAccountSchema = z.object({
  // The handle as the member sees it, with its "@" if they type one.
  handle: text()
    .trim()
    .min(1, { error: "Type your handle to confirm" })
    .max(HANDLE_MAX + 1),
});
