-- Each period a background job ran (issue 18), so a job runs once per period however
-- many Gemwire processes find it due: the run is claimed by inserting its row (the
-- primary key refuses a second), under the job's lease. `period` names the period (a
-- minute, a 10-second tick, a feed's or a trends source's due time); `period_start` is
-- when it began. A claim left unfinished longer than the job's lease time (its holder
-- died) or whose run was cut short by a shutdown (outcome 'abandoned') may be taken
-- over by the next lease holder: `attempts` then counts the tries and `taken_over_from`
-- names the holder before. `outcome` is NULL while running, then 'ok', 'failed' (with
-- `detail`), 'abandoned' or the job's own word ('updated', 'not-modified'). Rows are
-- pruned after 7 days by the maintenance job. Times are epoch ms.
CREATE TABLE job_runs (
  job TEXT NOT NULL,
  period TEXT NOT NULL,
  period_start BIGINT NOT NULL,
  holder TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 1,
  taken_over_from TEXT,
  started_at BIGINT NOT NULL,
  finished_at BIGINT,
  outcome TEXT,
  detail TEXT,
  PRIMARY KEY (job, period)
);
-- Pruning by age.
CREATE INDEX job_runs_started ON job_runs (started_at);
