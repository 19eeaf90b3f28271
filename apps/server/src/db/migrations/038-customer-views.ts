/**
 * Customer views: a member of a client's staff sees the portal as one of its customers sees it,
 * read-only, for a reason stated and for a bounded time. The view is a session of its own,
 * opened for the customer and naming the view; its documents' openings are evidence of the staff
 * member acting on the customer's behalf. Each client says whether its staff may preview or also
 * download documents in such a view.
 */
export const statements = [
  `CREATE TABLE customer_views (
    id serial PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id),
    staff_user_id integer NOT NULL REFERENCES users(id),
    customer_user_id integer NOT NULL REFERENCES users(id),
    reason text NOT NULL,
    staff_session_hash text NOT NULL,
    session_hash text NOT NULL UNIQUE,
    address text,
    user_agent text,
    started_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    ended_at timestamptz,
    end_reason text CHECK (end_reason IN ('left', 'expired', 'signedOut'))
  )`,
  `CREATE INDEX customer_views_customer_idx ON customer_views (customer_user_id, started_at DESC)`,
  `CREATE INDEX customer_views_staff_idx ON customer_views (staff_user_id, started_at DESC)`,
  `ALTER TABLE sessions ADD COLUMN customer_view_id integer REFERENCES customer_views(id)`,
  `ALTER TABLE clients ADD COLUMN customer_view_documents text NOT NULL DEFAULT 'preview'
    CHECK (customer_view_documents IN ('none', 'preview', 'previewAndDownload'))`,
  `ALTER TABLE access_evidence ADD COLUMN on_behalf_of integer`,
];
