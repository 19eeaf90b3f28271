/**
 * The tenant console: each audit entry names the client it concerns, so that internal staff read
 * their own client's log and nobody else's.
 */
export const statements = [
  `ALTER TABLE audit_log ADD COLUMN client_id integer REFERENCES clients(id)`,
  // Entries written before: the client of the person changed, else of the key or type named, else of whoever acted.
  `UPDATE audit_log a SET client_id = COALESCE(
     (SELECT client_id FROM users WHERE id = a.target_user_id),
     (SELECT id FROM clients WHERE id = (a.after->>'clientId')::integer),
     (SELECT id FROM clients WHERE id = (a.before->>'clientId')::integer),
     (SELECT client_id FROM users WHERE id = a.actor_user_id))`,
  `CREATE INDEX audit_log_client_time_idx ON audit_log (client_id, occurred_at DESC, id DESC)`,
  `CREATE INDEX audit_log_time_idx ON audit_log (occurred_at DESC, id DESC)`,
];
