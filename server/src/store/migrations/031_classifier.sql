-- The classifier (docs/domain.md, "Classification"): one model per database, versioned, with the
-- suggestions it made for the unclassified lines, people's rejections, and the accept / reject /
-- auto-classify actions kept line by line so each can be undone as one step.

-- A MODEL line keeps the classifier's confidence and version; NULL for every other source.
ALTER TABLE spend_lines ADD COLUMN classification_confidence DECIMAL(5,4);
ALTER TABLE spend_lines ADD COLUMN classification_model_version INTEGER;

-- Every trained model; the live one is the highest version with live = TRUE (its suggestions are
-- all written before it goes live). model: the serialised model (JSON text).
CREATE TABLE classifier_models (
  version        INTEGER PRIMARY KEY,
  trained_at     TIMESTAMP NOT NULL,
  method         VARCHAR(40) NOT NULL,
  training_lines BIGINT NOT NULL,
  categories     INTEGER NOT NULL,
  cv_accuracy    DECIMAL(7,6),
  scored_lines   BIGINT NOT NULL DEFAULT 0,
  live           BOOLEAN NOT NULL DEFAULT FALSE,
  model          TEXT NOT NULL
);

-- One row: auto-classify (off by default; threshold NULL means the benchmark's default; updated_by:
-- the admin who last set it, in whose name automatic runs are audited), and the retrain queue
-- shared by every process on the database: `requested` counts requests (requested_at: the last
-- one, which the debounce counts from), trained_request is the request the last finished training
-- covered, and trainer / trainer_beat the process training now and its heartbeat.
CREATE TABLE classifier_settings (
  id              INTEGER PRIMARY KEY,
  auto_classify   BOOLEAN NOT NULL DEFAULT FALSE,
  threshold       DECIMAL(5,4),
  updated_by      INTEGER,
  requested       BIGINT NOT NULL DEFAULT 0,
  requested_at    TIMESTAMP,
  trained_request BIGINT NOT NULL DEFAULT 0,
  trainer         VARCHAR(200),
  trainer_beat    TIMESTAMP,
  last_error      VARCHAR(500),
  updated_at      TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO classifier_settings (id, auto_classify, threshold, requested, trained_request) VALUES (1, FALSE, NULL, 1, 0);

-- A model version's suggestion for each line that was unclassified when it scored them: the
-- category, its calibrated confidence, and up to three alternatives ("id:confidence;...").
CREATE TABLE line_suggestions (
  model_version INTEGER NOT NULL,
  line_id       BIGINT NOT NULL,
  category_id   INTEGER NOT NULL,
  confidence    DECIMAL(5,4) NOT NULL,
  alternatives  VARCHAR(120)
);

-- Categories a person rejected for a line: never suggested for it again (until the reject is undone).
CREATE TABLE line_rejections (
  line_id     BIGINT NOT NULL,
  category_id INTEGER NOT NULL,
  action_id   INTEGER NOT NULL
);

-- A model version's disputes of RULE lines: lines of a rule it would file elsewhere, by rule, the
-- model's category and confidence to the hundredth (min_confidence: that hundredth).
CREATE TABLE rule_disputes (
  model_version  INTEGER NOT NULL,
  rule_id        INTEGER NOT NULL,
  category_id    INTEGER NOT NULL,
  lines          BIGINT NOT NULL,
  spend          DECIMAL(18,2) NOT NULL,
  confidence_sum DECIMAL(18,4) NOT NULL,
  min_confidence DECIMAL(5,4) NOT NULL
);

CREATE SEQUENCE classification_actions_id_seq START 1;

-- kind: ACCEPT | ACCEPT_RULE | REJECT | AUTO. user_id NULL: an automatic run.
CREATE TABLE classification_actions (
  id             INTEGER PRIMARY KEY,
  kind           VARCHAR(12) NOT NULL,
  user_id        INTEGER,
  model_version  INTEGER,
  lines          BIGINT NOT NULL,
  spend          DECIMAL(18,2) NOT NULL,
  rule_ids       VARCHAR(4000),
  created_at     TIMESTAMP NOT NULL,
  undone_at      TIMESTAMP,
  undone_by      INTEGER,
  restored_lines BIGINT
);

-- What an action changed, line by line: the line's classification before, and what the action
-- set (undo restores a line only while it still holds what the action set).
CREATE TABLE classification_action_lines (
  action_id            INTEGER NOT NULL,
  line_id              BIGINT NOT NULL,
  before_category_id   INTEGER,
  before_source        VARCHAR(8) NOT NULL,
  before_rule_id       INTEGER,
  before_confidence    DECIMAL(5,4),
  before_model_version INTEGER,
  after_category_id    INTEGER,
  after_source         VARCHAR(8) NOT NULL
);
