-- GEMS: every change of a member's balance is a ledger row, written in the same
-- transaction as its cause. The unique key lets each cause move GEMS once: one signup
-- grant per member, one stake, one payout and one refund per prediction.
-- A stake is negative, everything else positive; amounts are whole GEMS.
CREATE TABLE gems_ledger (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  amount BIGINT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('grant', 'stake', 'payout', 'refund')),
  reference TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  CHECK ((kind = 'stake' AND amount < 0) OR (kind <> 'stake' AND amount > 0)),
  UNIQUE (kind, reference, user_id)
);
CREATE INDEX gems_ledger_user ON gems_ledger (user_id, created_at);

-- The balance kept beside the ledger so a stake can be a single conditional update
-- (never below zero, whichever process stakes at the same moment). Tests prove it
-- always equals the sum of the member's ledger rows.
ALTER TABLE users ADD COLUMN gems_balance BIGINT NOT NULL DEFAULT 0 CHECK (gems_balance >= 0);

-- Members who joined before GEMS existed get the same start as a new member (1250).
INSERT INTO gems_ledger (id, user_id, amount, kind, reference, created_at)
SELECT 'signup:' || id, id, 1250, 'grant', 'signup', created_at FROM users;
UPDATE users SET gems_balance = 1250;

-- Spec §3 user_predictions. percentage is kept in hundredths (1.25 % is 125) so it is
-- exact; prices are measurements (DOUBLE PRECISION), GEMS are integers. Times are epoch ms.
-- entry_* is the price the prediction was placed at, exit_* the first one observed at
-- or after ends_at; payout is what a win credited or a void refunded.
CREATE TABLE user_predictions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('up', 'down')),
  percentage INTEGER NOT NULL CHECK (percentage > 0 AND percentage <= 10000),
  time_frame TEXT NOT NULL,
  wager BIGINT NOT NULL CHECK (wager >= 1),
  status TEXT NOT NULL CHECK (status IN ('active', 'won', 'lost', 'void')),
  created_at BIGINT NOT NULL,
  completed_at BIGINT,
  ends_at BIGINT NOT NULL,
  entry_usd DOUBLE PRECISION NOT NULL,
  entry_source TEXT NOT NULL,
  entry_at BIGINT NOT NULL,
  exit_usd DOUBLE PRECISION,
  exit_source TEXT,
  exit_at BIGINT,
  payout BIGINT,
  note TEXT,
  -- Spec §4: completed_at is set exactly when the prediction is no longer active.
  CHECK ((status = 'active' AND completed_at IS NULL) OR (status <> 'active' AND completed_at IS NOT NULL))
);
-- The resolver's question: which active predictions have ended?
CREATE INDEX user_predictions_due ON user_predictions (status, ends_at);
-- A member's own list, newest first.
CREATE INDEX user_predictions_mine ON user_predictions (user_id, created_at);
-- Everyone's list (Blurts), newest first.
CREATE INDEX user_predictions_recent ON user_predictions (created_at);
-- The leaderboard: resolved predictions by when they were resolved.
CREATE INDEX user_predictions_resolved ON user_predictions (completed_at);
