import { z } from '../zod.js';
import {
  ACCESS_PREVIEW_DOCUMENTS,
  ATTRIBUTE_VALUE_MAX_LENGTH,
  USER_DEFAULT_PAGE_SIZE,
  USER_PAGE_SIZES,
  USER_SEARCH_MAX_LENGTH,
} from '../constants.js';
import { idFromText, integer } from './builders.js';
import { DocumentKeySchema, ReportAttributeSchema } from './documents.js';
import { EmailSchema, LocaleSchema, PersonNameSchema, UsernameSchema } from './fields.js';
import { ROLE_CODES } from './roles.js';
import { oneOrFirstOf } from './table-options.js';

/**
 * User management (spec sections 2, 3, 5 and 7). Who may call what is decided by the server
 * (README "Who may do what"): a caller only ever sees the clients, roles and users it may manage.
 */

const RoleCodeSchema = z.enum(ROLE_CODES, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? 'validation.required' : 'validation.roleInvalid'),
});
const CodeSchema = z.string({ error: 'validation.required' }).check(z.trim(), z.minLength(1, 'validation.required'));
export const UserIdSchema = z.number({ error: 'validation.required' }).check(z.int(), z.positive());

// ---- GET /api/usermanagement/getdatalists ----

/** A role the caller may give, named as the caller's client names it (else the default name). */
export const RoleItemSchema = z.object({ Code: z.enum(ROLE_CODES), NameFr: z.string(), NameEn: z.string() });
/** A division: Code is the experience code. */
export const ExperienceItemSchema = z.object({ Code: z.string(), ClientCode: z.string(), NameFr: z.string(), NameEn: z.string() });
export const ClientItemSchema = z.object({ Code: z.string(), NameFR: z.string(), NameEN: z.string() });

/** Only what the caller may use: its assignable roles (lowest rank first), and the clients and divisions in its reach. */
export const DataListsResponseSchema = z.object({
  success: z.literal(true),
  Roles: z.array(RoleItemSchema),
  Experiences: z.array(ExperienceItemSchema),
  Clients: z.array(ClientItemSchema),
});
export type DataListsResponse = z.infer<typeof DataListsResponseSchema>;

// ---- POST /api/usermanagement/users ----

/** A row of the user table (spec 3, "User (management list)"); names of role, client and division in both languages. */
export const ManagedUserSchema = z.object({
  Id: integer(),
  Role_Code: z.enum(ROLE_CODES),
  Role_NameFr: z.string(),
  Role_NameEn: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Username: z.string(),
  Email: z.string(),
  Client_Code: z.string(),
  Client_NameFR: z.string(),
  Client_NameEN: z.string(),
  Experience_Code: z.string(),
  Experience_NameFr: z.string(),
  Experience_NameEn: z.string(),
  ActiveMFA: z.boolean(),
  /** The contact language. */
  Language: LocaleSchema,
});
export type ManagedUser = z.infer<typeof ManagedUserSchema>;

/** Every column of the table can sort it. */
export const USER_SORT_COLUMNS = [
  'Id',
  'Role_Code',
  'Role_NameFr',
  'Role_NameEn',
  'FirstName',
  'LastName',
  'Username',
  'Email',
  'Client_Code',
  'Client_NameFR',
  'Client_NameEN',
  'Experience_Code',
  'Experience_NameFr',
  'Experience_NameEn',
  'ActiveMFA',
  'Language',
] as const satisfies readonly (keyof ManagedUser)[];
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/** One of USER_PAGE_SIZES. */
const PageSizeSchema = z.number({ error: 'validation.pageSizeInvalid' }).check(
  z.int(),
  z.refine((size) => (USER_PAGE_SIZES as readonly number[]).includes(size), 'validation.pageSizeInvalid'),
);

export const UserListOptionsSchema = z.object({
  page: z._default(integer().check(z.gte(1), z.lte(1_000_000)), 1),
  itemsPerPage: z._default(PageSizeSchema, USER_DEFAULT_PAGE_SIZE),
  /** One column, or a data table's array of them (the first sorts); none: Id. */
  sortBy: z.pipe(
    oneOrFirstOf(z.enum(USER_SORT_COLUMNS), 'validation.userSortInvalid'),
    z.transform((column) => column ?? 'Id'),
  ),
  /** One flag or a data table's array. Absent: descending for Id (the default sort, newest first), ascending otherwise. */
  sortDesc: oneOrFirstOf(z.boolean(), 'validation.userSortInvalid'),
});

export const UserListRequestSchema = z.object({
  /** Matches the id exactly, or every word within first name, last name, username or e-mail, ignoring case. */
  search: z.nullish(z.string().check(z.maxLength(USER_SEARCH_MAX_LENGTH, 'validation.userSearchTooLong'))),
  options: z.prefault(UserListOptionsSchema, {}),
  /** Role codes to keep; empty or absent keeps every role. */
  roleFilters: z._default(z.array(RoleCodeSchema).check(z.maxLength(ROLE_CODES.length)), []),
});
export type UserListRequest = z.output<typeof UserListRequestSchema>;

/** Soft-deleted users are never listed. TotalUsers counts every match, across pages. */
export const UserListResponseSchema = z.object({
  success: z.literal(true),
  Users: z.array(ManagedUserSchema),
  TotalUsers: integer(),
});

// ---- GET /api/usermanagement/users/{id} ----

export const UserIdParamsSchema = z.object({ id: idFromText() });

/** The language of an evidence pack's summary; the caller's own when not named. */
export const EvidencePackQuerySchema = z.object({ lang: z.optional(LocaleSchema) });

/** One document's evidence pack: the document by its key, as a list page gave it, and the summary's language. */
export const DocumentEvidencePackQuerySchema = z.object({ documentKey: DocumentKeySchema, lang: z.optional(LocaleSchema) });

/** One criterion of a group: attribute ReportAttributeId must equal Value. Group numbers a report's groups from 0. */
export const CriterionSchema = z.object({
  DisplayTextEn: z.string(),
  DisplayTextFr: z.string(),
  ReportAttributeId: integer(),
  Value: z.string(),
  Group: integer(),
});
export const RequiredAttributeSchema = z.object({ Id: integer(), DisplayNameEN: z.string(), DisplayNameFR: z.string() });

/**
 * One document type of the user's client (spec 3, "Report access per user"). The user sees the
 * documents matching ANY group; a group matches when EVERY criterion in it matches.
 * RequiredAttributes are the attributes a criterion may use. Access: whether the type is given at all.
 */
export const ReportAccessSchema = z.object({
  ReportId: integer(),
  DisplayTextEn: z.string(),
  DisplayTextFr: z.string(),
  UserConfiguredCriteria: z.array(z.array(CriterionSchema)),
  RequiredAttributes: z.array(RequiredAttributeSchema),
  Access: z.boolean(),
});
export type ReportAccess = z.infer<typeof ReportAccessSchema>;

/**
 * Users[0] is the user; its Reports list every document type of its client. Access criteria only
 * matter for role USER: every other role sees all the documents of its client's types.
 */
export const UserDetailResponseSchema = z.object({
  success: z.literal(true),
  Users: z.array(z.extend(ManagedUserSchema, { Reports: z.array(ReportAccessSchema) })).check(z.length(1)),
});

// ---- POST /api/usermanagement/createuser and updateuser ----

const UserFormFields = {
  username: UsernameSchema,
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  email: EmailSchema,
  roleCode: RoleCodeSchema,
  clientCode: CodeSchema,
  /** The division: an experience of the chosen client. */
  experienceCode: CodeSchema,
  activeMFA: z.boolean({ error: 'validation.required' }),
};

/**
 * A new user gets no password: a welcome e-mail in contactLanguage carries a link to
 * /resetPassword?token=… where the user chooses it (valid WELCOME_TOKEN_TTL_DAYS, 7 days by default).
 */
export const CreateUserRequestSchema = z.object({ ...UserFormFields, contactLanguage: LocaleSchema });
export type CreateUserRequest = z.output<typeof CreateUserRequestSchema>;

export const UpdateUserRequestSchema = z.object({ userId: UserIdSchema, ...UserFormFields });
export type UpdateUserRequest = z.output<typeof UpdateUserRequestSchema>;

/** msg is a confirmation in the caller's language; user is the saved row (its new Id after a creation). */
export const SavedUserResponseSchema = z.object({ success: z.literal(true), msg: z.string(), user: ManagedUserSchema });

// ---- POST /api/usermanagement/resetpassword and softdelete ----

/** resetpassword e-mails a reset link and ends the user's sessions; softdelete removes access and keeps history. */
export const UserActionRequestSchema = z.object({ userId: UserIdSchema });
export const UserActionResponseSchema = z.object({ success: z.literal(true), msg: z.string() });

// ---- POST /api/usermanagement/savereportaccess ----

/** Other fields of the GET answer (display texts, Group) may be sent back; they are ignored. */
export const SubmittedCriterionSchema = z.object({
  ReportAttributeId: integer().check(z.positive()),
  /** Empty, null or absent: not filled. */
  Value: z.nullish(z.string().check(z.trim(), z.maxLength(ATTRIBUTE_VALUE_MAX_LENGTH, 'validation.attributeValueTooLong'))),
});

export const SubmittedReportSchema = z.object({
  ReportId: integer().check(z.positive()),
  /**
   * Each group: every value filled, or every value empty (then the group is dropped); a mix is
   * refused with errors.criteriaGroupIncomplete. Access becomes true when any value is filled.
   */
  UserConfiguredCriteria: z.array(z.array(SubmittedCriterionSchema).check(z.maxLength(50))).check(z.maxLength(200)),
});

/**
 * Replaces the access of the listed document types only (others are left as they are), in one
 * transaction, for a user of role USER. The answer carries the saved access of every type.
 */
export const SaveReportAccessRequestSchema = z.object({
  userId: UserIdSchema,
  submitedReports: z.array(SubmittedReportSchema).check(z.maxLength(200)),
});
export type SaveReportAccessRequest = z.output<typeof SaveReportAccessRequestSchema>;

export const SaveReportAccessResponseSchema = z.object({
  success: z.literal(true),
  msg: z.string(),
  Reports: z.array(ReportAccessSchema),
});

// ---- POST /api/usermanagement/previewreportaccess ----

/**
 * What a USER would see in one submitted type with the groups submitted, before anything is
 * saved: the documents the user's own list would count and show first (its default order).
 * TotalDocuments is exact up to the list's limit, then "at least" (TotalIsLowerBound). Each
 * result carries its date and the values of DisplayedAttributes, named as the list names them.
 * EmptyGroups are the positions, in the submitted UserConfiguredCriteria, of the filled groups
 * that match no document of the type at all (a mistyped account number, say).
 */
export const ReportAccessPreviewSchema = z.object({
  ReportId: integer(),
  TotalDocuments: integer(),
  TotalIsLowerBound: z.boolean(),
  DisplayedAttributes: z.array(z.omit(ReportAttributeSchema, { ShowInColumn: true })),
  Results: z.array(z.record(z.string(), z.string())).check(z.maxLength(ACCESS_PREVIEW_DOCUMENTS)),
  EmptyGroups: z.array(integer()),
});
export type ReportAccessPreview = z.infer<typeof ReportAccessPreviewSchema>;

/** One entry per submitted type, in the order submitted. Nothing is saved. */
export const PreviewReportAccessResponseSchema = z.object({
  success: z.literal(true),
  Reports: z.array(ReportAccessPreviewSchema),
});
