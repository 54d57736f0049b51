-- Report subscriptions (docs/domain.md, "Report subscriptions"): a saved view (PIVOT or QUERY)
-- sent on a schedule to users of Spendscope, each with the figures of their own scope.

CREATE SEQUENCE report_subscriptions_id_seq START 1;

-- The schedule is kept as the owner gave it (frequency, day, wall-clock time and IANA time zone);
-- next_run_at is the next moment it comes due, in UTC, worked out from it (schedule.ts).
-- day_of_week: 1 Monday … 7 Sunday; working_day: the Nth Monday–Friday of the month.
CREATE TABLE report_subscriptions (
  id            INTEGER PRIMARY KEY,
  saved_view_id INTEGER NOT NULL,
  created_by    INTEGER NOT NULL,
  format        VARCHAR(8) NOT NULL,   -- CSV | XLSX
  frequency     VARCHAR(8) NOT NULL,   -- DAILY | WEEKLY | MONTHLY
  day_of_week   INTEGER,
  day_of_month  INTEGER,
  working_day   INTEGER,
  time_of_day   VARCHAR(5) NOT NULL,   -- HH:MM, local to time_zone
  time_zone     VARCHAR(64) NOT NULL,
  paused        BOOLEAN NOT NULL DEFAULT FALSE,
  next_run_at   TIMESTAMP,
  last_run_at   TIMESTAMP,
  version       INTEGER NOT NULL DEFAULT 1,
  created_at    TIMESTAMP NOT NULL,
  updated_at    TIMESTAMP NOT NULL
);
CREATE INDEX report_subscriptions_view ON report_subscriptions (saved_view_id);

CREATE TABLE report_subscription_recipients (
  subscription_id INTEGER NOT NULL,
  user_id         INTEGER NOT NULL
);
CREATE INDEX report_subscription_recipients_sub ON report_subscription_recipients (subscription_id);

-- One sending of a subscription: a scheduled run, or "Send now" (requested_by says who).
CREATE SEQUENCE report_delivery_runs_id_seq START 1;
CREATE TABLE report_delivery_runs (
  id              INTEGER PRIMARY KEY,
  subscription_id INTEGER NOT NULL,
  kind            VARCHAR(10) NOT NULL,  -- SCHEDULED | MANUAL
  requested_by    INTEGER,
  scheduled_for   TIMESTAMP NOT NULL,
  created_at      TIMESTAMP NOT NULL
);

-- One message to one recipient: the durable job (docs/durability.md, "Report deliveries").
-- PENDING waits for next_attempt_at; SENDING is claimed by `owner`, which beats heartbeat_at while
-- it renders and sends; a SENDING row whose beat stopped is claimed again by any process.
CREATE SEQUENCE report_deliveries_id_seq START 1;
CREATE TABLE report_deliveries (
  id              BIGINT PRIMARY KEY,
  run_id          INTEGER NOT NULL,
  subscription_id INTEGER NOT NULL,
  recipient_id    INTEGER NOT NULL,
  status          VARCHAR(10) NOT NULL,  -- PENDING | SENDING | SENT | FAILED | SKIPPED
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMP NOT NULL,
  owner           VARCHAR(200),
  heartbeat_at    TIMESTAMP,
  sent_at         TIMESTAMP,
  error           VARCHAR(1000),
  created_at      TIMESTAMP NOT NULL,
  updated_at      TIMESTAMP NOT NULL
);
CREATE INDEX report_deliveries_subscription ON report_deliveries (subscription_id);
