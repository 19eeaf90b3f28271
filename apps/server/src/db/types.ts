import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';
import type { AccessEvidenceTable } from './access-evidence-tables.js';
import type { PasskeyChallengesTable, PasskeysTable, TrustedDevicesTable } from './device-tables.js';
import type {
  FederatedSignInsTable,
  IdentityConnectionsTable,
  IdentityDomainsTable,
  ScimGroupMembersTable,
  ScimGroupsTable,
  UserIdentitiesTable,
} from './identity-tables.js';
import type { LegalHoldObjectsTable, LegalHoldsTable } from './legal-hold-tables.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from './webhook-tables.js';
import type { CustomerViewsTable, ReadFloorsTable, SessionsTable } from './session-tables.js';
import type {
  DeliveryConsentsTable,
  DeliveryDisclosuresTable,
  DeliveryMarksTable,
  DocumentNoticesTable,
  PaperQueueTable,
} from './delivery-consent-tables.js';
import type { DocumentOwnerKeysTable, DocumentTextsTable, OwnerValuesTable } from './document-search-tables.js';

/** Row shapes of the tables created by the migrations. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface ClientsTable {
  id: Generated<number>;
  code: string;
  name_en: string;
  name_fr: string;
  sms_mfa_active: Generated<boolean>;
  onboarding_enabled: Generated<boolean>;
  block_duplicates: Generated<boolean>;
  created_at: Timestamp;
  /** Whether its people may trust a device to skip the code step. */
  trusted_devices_allowed: Generated<boolean>;
  /** What its staff may open in a customer view: nothing, previews, or previews and downloads. */
  customer_view_documents: Generated<'none' | 'preview' | 'previewAndDownload'>;
}

export interface ExperiencesTable {
  id: Generated<number>;
  code: string;
  client_id: number;
  name_en: string;
  name_fr: string;
  position: number;
  app_title: string | null;
  colors: Json<Record<string, string>>;
  logo_max_width: Generated<number>;
  logo_max_height: Generated<number>;
}

export interface ExperienceAssetsTable {
  experience_id: number;
  kind: string;
  content_type: string;
  content: Uint8Array;
  /** SHA-256 of the content, hex: computed by the database. */
  content_hash: GeneratedAlways<string>;
  updated_at: Generated<Timestamp>;
}

export interface RolesTable {
  code: string;
  name_en: string;
  name_fr: string;
  rank: number;
}

export interface ClientRoleNamesTable {
  client_id: number;
  role_code: string;
  name_en: string;
  name_fr: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  contact_language: Generated<string>;
  role_code: string;
  client_id: number;
  experience_id: number;
  mfa_active: Generated<boolean>;
  mfa_type: Generated<number>;
  password_hash: string | null;
  password_changed_at: Date | null;
  must_set_password: Generated<boolean>;
  failed_login_count: Generated<number>;
  locked_until: Date | null;
  search_preference: ColumnType<unknown[], string | undefined, string>;
  last_login_at: Date | null;
  created_at: Timestamp;
  created_by: number | null;
  deleted_at: Date | null;
  digest_frequency: Generated<'never' | 'daily' | 'weekly'>;
  /** Documents that arrived after this moment go into the person's next digest. */
  digest_since: Date | null;
  /** Types whose documents wait for the person's consent to the disclosure in force (migration 034). */
  consent_pending_types: Generated<number[]>;
  /** Since when the person asked for paper (withdrew its consent); null while it takes documents electronically. */
  paper_delivery_since: Date | null;
  /** The identifier the client's identity provider gives the person it provisions (SCIM `externalId`). */
  scim_external_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PasswordHistoryTable {
  id: Generated<number>;
  user_id: number;
  password_hash: string;
  created_at: Timestamp;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  purpose: 'mfa' | 'contact' | 'registration' | 'passkey';
  user_id: number | null;
  channel: number;
  target: string;
  code_hash: string;
  attempts: Generated<number>;
  send_number: Generated<number>;
  created_at: Timestamp;
  expires_at: Date;
  consumed_at: Date | null;
  voided_at: Date | null;
  /** Hash of the secret a visitor's browser holds once registration step 2 accepted this code. */
  proof_hash: string | null;
}

export interface PasswordTokensTable {
  token_hash: string;
  user_id: number;
  purpose: 'reset' | 'welcome';
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export interface ReportDefinitionsTable {
  id: Generated<number>;
  client_id: number;
  code: string;
  title_en: string;
  title_fr: string;
  position: Generated<number>;
  thumbnail: Json<{ filename: string; width: number; height: number }> | null;
  display_properties: ColumnType<{ sortBy: string; sortDesc: boolean }, string | undefined, string>;
  onboarding_enabled: Generated<boolean>;
  /** Documents older than this many days (by document date) are deleted; null keeps them forever. */
  retention_days: number | null;
  /** Each person who reads a document of the type confirms it, version by version (migration 033). */
  requires_acknowledgement: Generated<boolean>;
  /** A consenting person who has not opened a document after this many days gets it on paper too (migration 035); null: never. */
  paper_after_days: number | null;
}

export interface ReportAttributesTable {
  id: Generated<number>;
  report_id: number;
  name: string;
  display_name_en: string;
  display_name_fr: string;
  description_en: Generated<string>;
  description_fr: Generated<string>;
  show_in_column: Generated<boolean>;
  is_searchable: Generated<boolean>;
  identifies_owner: Generated<boolean>;
  position: Generated<number>;
  /** 'number': numbers as numbers, then text; 'text': every value as text. */
  ordering: Generated<'number' | 'text'>;
  /** Values that are words, with what each reads in either language (migration 018). */
  value_labels: ColumnType<AttributeValueLabel[], string | undefined, string>;
  /** ISO 4217 code of an attribute whose values are amounts (migration 019); null otherwise. */
  currency: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AttributeValueLabel {
  value: string;
  en: string;
  fr: string;
}

/** A document type's own image, shown on its dashboard tile. */
export interface ReportThumbnailsTable {
  report_id: number;
  content_type: string;
  content: Uint8Array;
  /** SHA-256 of the content, hex: computed by the database. */
  content_hash: GeneratedAlways<string>;
  updated_at: Generated<Timestamp>;
}

export interface DocumentsTable {
  id: Generated<number>;
  report_id: number;
  document_date: string;
  language: Generated<string>;
  attributes: Json<Record<string, string>>;
  file_key: string;
  page_count: Generated<number>;
  created_at: Timestamp;
  /** The client's own id for the document, unique within its type; null for documents made otherwise. */
  external_id: string | null;
  /** SHA-256 of the file, hex. */
  content_hash: string | null;
  version: Generated<number>;
  updated_at: Timestamp;
}

export type { PasskeyChallengesTable, PasskeysTable, TrustedDevicesTable } from './device-tables.js';
export type { DocumentOwnerKeysTable, DocumentTextState, DocumentTextsTable, OwnerValuesTable } from './document-search-tables.js';

export interface DocumentViewsTable {
  user_id: number;
  document_id: number;
  viewed_at: Timestamp;
}

export interface ReportAccessTable {
  id: Generated<number>;
  user_id: number;
  report_id: number;
  has_access: Generated<boolean>;
  updated_at: Timestamp;
}

export interface AccessCriteriaTable {
  id: Generated<number>;
  access_id: number;
  group_number: number;
  attribute_id: number;
  value: string;
}

export interface FaqsTable {
  id: Generated<number>;
  client_id: number | null;
  position: Generated<number>;
  question_en: string;
  question_fr: string;
  answer_en: string;
  answer_fr: string;
}

export interface RepositoryDocumentsTable {
  id: Generated<number>;
  client_id: number | null;
  position: Generated<number>;
  name_en: string;
  name_fr: string;
  file_key_en: string;
  file_key_fr: string;
}

export interface ConnectionLogTable {
  id: Generated<number>;
  occurred_at: Timestamp;
  user_id: number | null;
  username_attempted: string;
  succeeded: boolean;
  reason: string;
  device_id: string | null;
  ip: string | null;
  user_agent: string | null;
  /** The code's channel ('email' or 'sms') of a sign-in that passed the code step. */
  second_step: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  occurred_at: Timestamp;
  actor_user_id: number | null;
  action: string;
  target_user_id: number | null;
  before: Json | null;
  after: Json | null;
  /** The client the change concerns; null for changes to the portal as a whole. */
  client_id: number | null;
}

export interface RateLimitHitsTable {
  bucket: string;
  window_start: Date;
  hits: Generated<number>;
}

export interface ReportDocumentCountsTable {
  report_id: number;
  document_count: ColumnType<number, number, number>;
}

export interface ApiKeysTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  /** The first characters of the key, shown so that people can tell keys apart. */
  key_prefix: string;
  key_hash: string;
  /** The types the key may write to; null: every type of its client. */
  report_ids: number[] | null;
  created_at: Timestamp;
  created_by: number | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_by: number | null;
}

export interface ServerSecretsTable {
  name: string;
  secret: string;
  created_at: Timestamp;
}

export interface Database {
  api_keys: ApiKeysTable;
  server_secrets: ServerSecretsTable;
  report_document_counts: ReportDocumentCountsTable;
  clients: ClientsTable;
  experiences: ExperiencesTable;
  experience_assets: ExperienceAssetsTable;
  roles: RolesTable;
  client_role_names: ClientRoleNamesTable;
  users: UsersTable;
  password_history: PasswordHistoryTable;
  sessions: SessionsTable;
  read_floors: ReadFloorsTable;
  customer_views: CustomerViewsTable;
  trusted_devices: TrustedDevicesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  one_time_codes: OneTimeCodesTable;
  password_tokens: PasswordTokensTable;
  report_definitions: ReportDefinitionsTable;
  report_attributes: ReportAttributesTable;
  report_thumbnails: ReportThumbnailsTable;
  documents: DocumentsTable;
  document_owner_keys: DocumentOwnerKeysTable;
  owner_values: OwnerValuesTable;
  document_views: DocumentViewsTable;
  access_evidence: AccessEvidenceTable;
  legal_holds: LegalHoldsTable;
  legal_hold_objects: LegalHoldObjectsTable;
  identity_connections: IdentityConnectionsTable;
  identity_domains: IdentityDomainsTable;
  user_identities: UserIdentitiesTable;
  federated_sign_ins: FederatedSignInsTable;
  scim_groups: ScimGroupsTable;
  scim_group_members: ScimGroupMembersTable;
  delivery_disclosures: DeliveryDisclosuresTable;
  delivery_consents: DeliveryConsentsTable;
  paper_queue: PaperQueueTable;
  delivery_marks: DeliveryMarksTable;
  document_notices: DocumentNoticesTable;
  document_texts: DocumentTextsTable;
  report_access: ReportAccessTable;
  access_criteria: AccessCriteriaTable;
  faqs: FaqsTable;
  repository_documents: RepositoryDocumentsTable;
  connection_log: ConnectionLogTable;
  audit_log: AuditLogTable;
  rate_limit_hits: RateLimitHitsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type ExperienceRow = Selectable<ExperiencesTable>;
