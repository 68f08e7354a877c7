-- Issue 11: a feed's status keeps the spec's message ('All proxies failed', 'Failed to parse
-- feed content') in last_error and what actually went wrong underneath in last_error_detail.
ALTER TABLE feeds ADD COLUMN last_error_detail TEXT;
