import { z } from '../zod.js';
import { integer, requiredText } from './builders.js';
import { LoggedInUserSchema } from './session.js';

/**
 * A customer view: a member of a client's staff (customer service, an administrator, internal
 * staff, or a super user) sees the portal as one of the client's customers (a USER) sees it,
 * read-only, for a reason typed at the start and for a bounded time. The customer reads in their
 * own sign-in history who looked, when and why.
 */

export const CUSTOMER_VIEW_ERROR_KEYS = {
  reasonRequired: 'validation.customerViewReasonRequired',
  reasonTooLong: 'validation.customerViewReasonTooLong',
  /** Only a customer (a USER) is viewed as: staff are managed, not impersonated. */
  notACustomer: 'errors.customerView.notACustomer',
  /** A call that would write, or that a customer view does not serve: refused in the view. */
  readOnly: 'errors.customerView.readOnly',
  /** The client lets its staff preview (or also download) its customers' documents in a view, or neither. */
  documentsNotAllowed: 'errors.customerView.documentsNotAllowed',
} as const;

export const CUSTOMER_VIEW_REASON_MAX_LENGTH = 200;

/** What a client's staff may open of a customer's documents in a customer view. */
export const CUSTOMER_VIEW_DOCUMENTS = ['none', 'preview', 'previewAndDownload'] as const;
export type CustomerViewDocuments = (typeof CUSTOMER_VIEW_DOCUMENTS)[number];

export const StartCustomerViewRequestSchema = z.object({
  reason: requiredText(CUSTOMER_VIEW_REASON_MAX_LENGTH, {
    required: CUSTOMER_VIEW_ERROR_KEYS.reasonRequired,
    tooLong: CUSTOMER_VIEW_ERROR_KEYS.reasonTooLong,
  }),
});
export type StartCustomerViewRequest = z.input<typeof StartCustomerViewRequestSchema>;

const PersonNameSchema = z.object({ firstname: z.string(), lastname: z.string() });

/** An open view, as the banner shows it. */
export const CustomerViewSchema = z.object({
  id: integer(),
  customer: z.extend(PersonNameSchema, { userid: integer(), username: z.string() }),
  staff: PersonNameSchema,
  reason: z.string(),
  startedAt: z.string(),
  expiresAt: z.string(),
  /** What the client lets its staff open in the view. */
  documents: z.enum(CUSTOMER_VIEW_DOCUMENTS),
});
export type CustomerView = z.infer<typeof CustomerViewSchema>;

/** The view opened: the customer as the portal presents a signed-in person (no menus), and the view. */
export const StartCustomerViewResponseSchema = z.object({
  success: z.literal(true),
  user: LoggedInUserSchema,
  view: CustomerViewSchema,
});

export const CurrentCustomerViewResponseSchema = z.object({ success: z.literal(true), view: z.nullable(CustomerViewSchema) });

/** The view left: the staff member signed in again as before, or null when their own session has ended meanwhile. */
export const EndCustomerViewResponseSchema = z.object({ success: z.literal(true), user: z.nullable(LoggedInUserSchema) });

/** A view of the person's portal, as their sign-in history lists it. */
export const CustomerViewByStaffSchema = z.object({
  startedAt: z.string(),
  /** When the view ended: left, signed out, or its time ran out. */
  endedAt: z.string(),
  staff: PersonNameSchema,
  reason: z.string(),
});
export type CustomerViewByStaff = z.infer<typeof CustomerViewByStaffSchema>;
