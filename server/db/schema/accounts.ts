import type { Generated } from "kysely";

/** Members, their sessions, invitations and settings. */

export interface UsersTable {
  id: string;
  handle: string;
  handle_key: string;
  password_hash: string;
  email: string | null;
  username: string | null;
  avatar: string | null;
  created_at: number;
  deleted_at: number | null;
  /** Cached sum of the member's gems_ledger rows (migration 009); never negative. */
  gems_balance: Generated<number>;
  /** The number of the member's latest notification (migration 010). */
  notification_seq: Generated<number>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string | null;
  /** 0 or 1: portable across both databases. */
  is_admin: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

export interface InvitesTable {
  id: string;
  code_hash: string;
  hint: string;
  note: string | null;
  created_at: number;
  expires_at: number | null;
  used_at: number | null;
  used_by: string | null;
  revoked_at: number | null;
}

export interface UserSettingsTable {
  user_id: string;
  degen_mode: number;
  /** 1: lists show every article instead of folding each story's (migration 017). */
  show_every_article: Generated<number>;
  updated_at: number;
}
