-- The results history's first schema (docs/history.md). Written in the SQL that SQLite and
-- PostgreSQL both take; later changes go in new V<n>__*.sql files, never edits of this one.

-- One row per ingested run: a run folder, a paired gate job, or a plain JMH JSON file.
CREATE TABLE runs (
    run_id       VARCHAR(200)  NOT NULL PRIMARY KEY,
    kind         VARCHAR(20)   NOT NULL,
    source       VARCHAR(1000) NOT NULL,
    commit_sha   VARCHAR(64)   NOT NULL,
    commit_dirty INTEGER       NOT NULL,
    started_at   VARCHAR(40)   NOT NULL,
    machine      VARCHAR(200)  NOT NULL,
    cpu_model    VARCHAR(200)  NOT NULL,
    cores        INTEGER       NOT NULL,
    jdk          VARCHAR(200)  NOT NULL,
    jvm_flags    TEXT          NOT NULL,
    os           VARCHAR(200)  NOT NULL,
    profile      VARCHAR(100)  NOT NULL,
    ingested_at  VARCHAR(40)   NOT NULL
);

-- One row per fork of a benchmark's measure in a run: the fork's mean.
CREATE TABLE measurements (
    run_id     VARCHAR(200)     NOT NULL REFERENCES runs (run_id),
    experiment VARCHAR(100)     NOT NULL,
    benchmark  VARCHAR(300)     NOT NULL,
    params     VARCHAR(1000)    NOT NULL,
    contender  VARCHAR(100)     NOT NULL,
    measure    VARCHAR(100)     NOT NULL,
    fork       INTEGER          NOT NULL,
    value      DOUBLE PRECISION NOT NULL,
    unit       VARCHAR(40)      NOT NULL,
    PRIMARY KEY (run_id, experiment, benchmark, params, contender, measure, fork)
);

CREATE INDEX measurements_series ON measurements (experiment, measure, contender);
