-- Version 2: a series is a benchmark in one mode at one combination of params (version 1 read a benchmark's thrpt
-- and sample rows as one series), and sample and single-shot rows keep JMH's percentiles.
--
-- percentiles: JMH's primaryMetric.scorePercentiles as a JSON object, {"0.0": v, "50.0": v, "99.9": v, …}, in the
-- row's unit; NULL for rows that have none (throughput and average time, rows of version 1, scenarios).

ALTER TABLE perflab_result ADD COLUMN percentiles TEXT;

-- What ./lab history reads a series by.
CREATE INDEX perflab_result_by_series ON perflab_result (benchmark, mode);
