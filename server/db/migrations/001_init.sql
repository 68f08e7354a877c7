-- One row per background job: whichever process holds an unexpired lease runs it,
-- so a job runs once however many Gemwire processes share the database.
CREATE TABLE job_leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at BIGINT NOT NULL
);
