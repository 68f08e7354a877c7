-- Members: identified by a social handle; the lower-cased key keeps handles unique
-- ignoring case. A deleted member keeps the row (and the handle) until the purge job.
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  handle TEXT NOT NULL,
  handle_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  email TEXT,
  username TEXT,
  avatar TEXT,
  created_at BIGINT NOT NULL,
  deleted_at BIGINT
);

-- Server-side sessions; the cookie holds a random id, the table only its SHA-256.
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
  is_admin INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  last_seen_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- Invitation codes: only a hash is kept; the code itself is shown once, to the admin.
CREATE TABLE invites (
  id TEXT PRIMARY KEY,
  code_hash TEXT NOT NULL UNIQUE,
  hint TEXT NOT NULL,
  note TEXT,
  created_at BIGINT NOT NULL,
  expires_at BIGINT,
  used_at BIGINT,
  used_by TEXT,
  revoked_at BIGINT
);

-- Fixed-window attempt counters shared by every process (sign-in, sign-up, admin login).
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start BIGINT NOT NULL,
  hits INTEGER NOT NULL
);

-- Small server-wide values, such as the generated admin password's hash.
CREATE TABLE app_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
