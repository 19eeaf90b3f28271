/**
 * Every password a person has had goes into the history, whichever path stored it (sign-up,
 * reset, change, the demo seed, an import), so "not one of the last N" sees them all, the
 * current one and the first one included. A trigger is the one place every write passes.
 * Passwords stored before this migration are added as they stand.
 */
export const statements = [
  `CREATE FUNCTION users_keep_password_history() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO password_history (user_id, password_hash) VALUES (NEW.id, NEW.password_hash);
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER users_password_history_on_insert AFTER INSERT ON users
    FOR EACH ROW WHEN (NEW.password_hash IS NOT NULL) EXECUTE FUNCTION users_keep_password_history()`,
  `CREATE TRIGGER users_password_history_on_update AFTER UPDATE OF password_hash ON users
    FOR EACH ROW WHEN (NEW.password_hash IS NOT NULL AND NEW.password_hash IS DISTINCT FROM OLD.password_hash)
    EXECUTE FUNCTION users_keep_password_history()`,
  `INSERT INTO password_history (user_id, password_hash)
    SELECT u.id, u.password_hash FROM users u
    WHERE u.password_hash IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM password_history h WHERE h.user_id = u.id AND h.password_hash = u.password_hash)`,
];
