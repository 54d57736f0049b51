-- Staging for taxonomy imports: computed rows land here, then update categories in one statement.
CREATE TABLE category_import (
  id         INTEGER NOT NULL,
  code       VARCHAR(64) NOT NULL,
  name       VARCHAR(200) NOT NULL,
  parent_id  INTEGER,
  level      INTEGER NOT NULL,
  l1_id      INTEGER NOT NULL,
  l2_id      INTEGER,
  l3_id      INTEGER,
  l4_id      INTEGER,
  naics_code VARCHAR(6),
  is_new     BOOLEAN NOT NULL
);
