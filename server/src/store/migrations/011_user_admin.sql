-- User administration (docs/domain.md, users; docs/security.md, set-password links).

-- One-time links with which a user sets their own password. Only the SHA-256 of the token is
-- stored, as for sessions. A link is good once, until it expires; issuing a new link for the user,
-- or an admin setting the password, revokes the ones still open.
CREATE TABLE password_tokens (
  token_hash VARCHAR(64) PRIMARY KEY,
  user_id    INTEGER NOT NULL,
  created_by INTEGER NOT NULL,
  created_at TIMESTAMP NOT NULL,
  expires_at TIMESTAMP NOT NULL,
  used_at    TIMESTAMP,
  revoked_at TIMESTAMP
);

