/**
 * The whole domain of the specification: organisations and branding, people and their
 * secrets, document types with their documents, access criteria, help content and logs.
 * Secrets (passwords, codes, tokens, session ids) are kept only as hashes.
 */
export const statements = [
  `CREATE EXTENSION IF NOT EXISTS pg_trgm`,

  `CREATE TABLE clients (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    code text NOT NULL UNIQUE,
    name_en text NOT NULL,
    name_fr text NOT NULL,
    sms_mfa_active boolean NOT NULL DEFAULT false,
    onboarding_enabled boolean NOT NULL DEFAULT false,
    block_duplicates boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE experiences (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    code text NOT NULL UNIQUE,
    client_id integer NOT NULL REFERENCES clients(id),
    name_en text NOT NULL,
    name_fr text NOT NULL,
    position integer NOT NULL UNIQUE,
    app_title text,
    colors jsonb NOT NULL,
    logo_max_width integer NOT NULL DEFAULT 180,
    logo_max_height integer NOT NULL DEFAULT 48
  )`,
  `CREATE INDEX experiences_client_idx ON experiences (client_id)`,

  `CREATE TABLE experience_assets (
    experience_id integer NOT NULL REFERENCES experiences(id) ON DELETE CASCADE,
    kind text NOT NULL,
    content_type text NOT NULL,
    content bytea NOT NULL,
    PRIMARY KEY (experience_id, kind)
  )`,

  `CREATE TABLE roles (
    code text PRIMARY KEY,
    name_en text NOT NULL,
    name_fr text NOT NULL,
    rank integer NOT NULL
  )`,
  `CREATE TABLE client_role_names (
    client_id integer NOT NULL REFERENCES clients(id),
    role_code text NOT NULL REFERENCES roles(code),
    name_en text NOT NULL,
    name_fr text NOT NULL,
    PRIMARY KEY (client_id, role_code)
  )`,

  `CREATE TABLE users (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username text NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    email text NOT NULL,
    phone_number text,
    contact_language text NOT NULL DEFAULT 'en' CHECK (contact_language IN ('en', 'fr')),
    role_code text NOT NULL REFERENCES roles(code),
    client_id integer NOT NULL REFERENCES clients(id),
    experience_id integer NOT NULL REFERENCES experiences(id),
    mfa_active boolean NOT NULL DEFAULT true,
    mfa_type smallint NOT NULL DEFAULT 0 CHECK (mfa_type IN (0, 1)),
    password_hash text,
    password_changed_at timestamptz,
    must_set_password boolean NOT NULL DEFAULT false,
    failed_login_count integer NOT NULL DEFAULT 0,
    locked_until timestamptz,
    search_preference jsonb NOT NULL DEFAULT '[]',
    last_login_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by integer REFERENCES users(id),
    deleted_at timestamptz
  )`,
  `CREATE UNIQUE INDEX users_username_key ON users (lower(username))`,
  `CREATE INDEX users_email_idx ON users (lower(email))`,
  `CREATE INDEX users_client_role_idx ON users (client_id, role_code, id DESC)`,
  `CREATE INDEX users_created_at_idx ON users (created_at)`,
  `CREATE INDEX users_search_trgm_idx ON users USING gin ((first_name || ' ' || last_name || ' ' || username || ' ' || email) gin_trgm_ops)`,

  `CREATE TABLE password_history (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id),
    password_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX password_history_user_idx ON password_history (user_id, created_at DESC)`,

  `CREATE TABLE sessions (
    id_hash text PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id),
    mfa_pending boolean NOT NULL,
    language text NOT NULL DEFAULT 'en',
    device_id text,
    ip text,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`,
  `CREATE INDEX sessions_user_idx ON sessions (user_id)`,
  `CREATE INDEX sessions_expires_idx ON sessions (expires_at)`,

  `CREATE TABLE one_time_codes (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    purpose text NOT NULL CHECK (purpose IN ('mfa', 'contact', 'registration')),
    user_id integer REFERENCES users(id),
    channel smallint NOT NULL,
    target text NOT NULL,
    code_hash text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    send_number integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    consumed_at timestamptz,
    voided_at timestamptz
  )`,
  `CREATE INDEX one_time_codes_user_idx ON one_time_codes (purpose, user_id, created_at DESC)`,
  `CREATE INDEX one_time_codes_target_idx ON one_time_codes (purpose, lower(target), created_at DESC)`,

  `CREATE TABLE password_tokens (
    token_hash text PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id),
    purpose text NOT NULL CHECK (purpose IN ('reset', 'welcome')),
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  `CREATE INDEX password_tokens_user_idx ON password_tokens (user_id)`,

  `CREATE TABLE report_definitions (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer NOT NULL REFERENCES clients(id),
    code text NOT NULL UNIQUE,
    title_en text NOT NULL,
    title_fr text NOT NULL,
    position integer NOT NULL DEFAULT 0,
    thumbnail jsonb,
    display_properties jsonb NOT NULL DEFAULT '{"sortBy":"date","sortDesc":true}',
    onboarding_enabled boolean NOT NULL DEFAULT true
  )`,
  `CREATE INDEX report_definitions_client_idx ON report_definitions (client_id, position)`,

  `CREATE TABLE report_attributes (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    report_id integer NOT NULL REFERENCES report_definitions(id),
    name text NOT NULL,
    display_name_en text NOT NULL,
    display_name_fr text NOT NULL,
    description_en text NOT NULL DEFAULT '',
    description_fr text NOT NULL DEFAULT '',
    show_in_column boolean NOT NULL DEFAULT true,
    is_searchable boolean NOT NULL DEFAULT true,
    identifies_owner boolean NOT NULL DEFAULT false,
    position integer NOT NULL DEFAULT 0,
    UNIQUE (report_id, name)
  )`,

  `CREATE TABLE documents (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    report_id integer NOT NULL REFERENCES report_definitions(id),
    document_date date NOT NULL,
    language text NOT NULL DEFAULT 'en',
    attributes jsonb NOT NULL,
    file_key text NOT NULL,
    page_count integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX documents_report_date_idx ON documents (report_id, document_date DESC, id DESC)`,
  `CREATE INDEX documents_attributes_idx ON documents USING gin (attributes jsonb_path_ops)`,

  `CREATE TABLE document_views (
    user_id integer NOT NULL REFERENCES users(id),
    document_id integer NOT NULL REFERENCES documents(id),
    viewed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, document_id)
  )`,

  `CREATE TABLE report_access (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id),
    report_id integer NOT NULL REFERENCES report_definitions(id),
    has_access boolean NOT NULL DEFAULT false,
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, report_id)
  )`,
  `CREATE TABLE access_criteria (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    access_id integer NOT NULL REFERENCES report_access(id) ON DELETE CASCADE,
    group_number integer NOT NULL,
    attribute_id integer NOT NULL REFERENCES report_attributes(id),
    value text NOT NULL,
    UNIQUE (access_id, group_number, attribute_id)
  )`,
  `CREATE INDEX access_criteria_attribute_value_idx ON access_criteria (attribute_id, value)`,

  `CREATE TABLE faqs (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer REFERENCES clients(id),
    position integer NOT NULL DEFAULT 0,
    question_en text NOT NULL,
    question_fr text NOT NULL,
    answer_en text NOT NULL,
    answer_fr text NOT NULL
  )`,
  `CREATE TABLE repository_documents (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    client_id integer REFERENCES clients(id),
    position integer NOT NULL DEFAULT 0,
    name_en text NOT NULL,
    name_fr text NOT NULL,
    file_key_en text NOT NULL,
    file_key_fr text NOT NULL
  )`,

  `CREATE TABLE connection_log (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    user_id integer REFERENCES users(id),
    username_attempted text NOT NULL,
    succeeded boolean NOT NULL,
    reason text NOT NULL,
    device_id text,
    ip text
  )`,
  `CREATE INDEX connection_log_time_idx ON connection_log (occurred_at)`,
  `CREATE INDEX connection_log_user_idx ON connection_log (user_id, occurred_at DESC)`,

  `CREATE TABLE audit_log (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    actor_user_id integer REFERENCES users(id),
    action text NOT NULL,
    target_user_id integer REFERENCES users(id),
    before jsonb,
    after jsonb
  )`,
  `CREATE INDEX audit_log_target_idx ON audit_log (target_user_id, occurred_at DESC)`,

  `CREATE TABLE rate_limit_hits (
    bucket text NOT NULL,
    window_start timestamptz NOT NULL,
    hits integer NOT NULL DEFAULT 0,
    PRIMARY KEY (bucket, window_start)
  )`,
];
