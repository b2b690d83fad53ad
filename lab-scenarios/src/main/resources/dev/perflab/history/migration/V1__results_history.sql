-- The lab's results history, version 1. One file for SQLite and PostgreSQL alike: portable types only, and ids
-- the lab makes (a random UUID per run), so no sequence is shared between the machines of a fleet.
-- Times are milliseconds since 1970-01-01 UTC; a NaN score or error is stored as NULL.
--
--   perflab_run 1 ──< perflab_result 1 ──< perflab_metric
--   (a ./lab run,      (a row: benchmark ×     (each secondary metric
--    latency, ab)       params, its score)      of a row: gc.alloc.rate.norm, lost, cpu…)

CREATE TABLE perflab_run (
    run_id       VARCHAR(36)  NOT NULL PRIMARY KEY,
    recorded_ms  BIGINT       NOT NULL,
    git_commit   VARCHAR(64),
    git_dirty    BOOLEAN,
    git_branch   VARCHAR(255),
    source       VARCHAR(32)  NOT NULL,
    component    VARCHAR(255) NOT NULL,
    run_length   VARCHAR(16),
    machine      TEXT         NOT NULL,
    jdk          TEXT         NOT NULL,
    jvm_flags    TEXT         NOT NULL,
    cpu          TEXT         NOT NULL,
    cores        INTEGER      NOT NULL,
    kernel       TEXT         NOT NULL,
    results_file TEXT
);

CREATE INDEX perflab_run_by_component ON perflab_run (component, recorded_ms);

-- params: the row's params as a JSON object, in the row's order. raw_data: JSON, each fork's iterations,
-- [[f1i1, f1i2, …], [f2i1, …]]. jvm_args: JSON array of the measuring JVM's flags (empty for scenarios).
CREATE TABLE perflab_result (
    run_id       VARCHAR(36)  NOT NULL REFERENCES perflab_run (run_id),
    row_no       INTEGER      NOT NULL,
    suite        VARCHAR(255) NOT NULL,
    benchmark    TEXT         NOT NULL,
    mode         VARCHAR(16)  NOT NULL,
    params       TEXT         NOT NULL,
    score        DOUBLE PRECISION,
    score_error  DOUBLE PRECISION,
    unit         VARCHAR(64)  NOT NULL,
    forks        INTEGER      NOT NULL,
    threads      INTEGER      NOT NULL,
    jdk_version  TEXT         NOT NULL,
    vm_name      TEXT         NOT NULL,
    jvm_args     TEXT         NOT NULL,
    raw_data     TEXT         NOT NULL,
    PRIMARY KEY (run_id, row_no)
);

CREATE TABLE perflab_metric (
    run_id       VARCHAR(36)  NOT NULL,
    row_no       INTEGER      NOT NULL,
    name         VARCHAR(255) NOT NULL,
    score        DOUBLE PRECISION,
    score_error  DOUBLE PRECISION,
    unit         VARCHAR(64)  NOT NULL,
    raw_data     TEXT         NOT NULL,
    PRIMARY KEY (run_id, row_no, name),
    FOREIGN KEY (run_id, row_no) REFERENCES perflab_result (run_id, row_no)
);
