/** The numbers of the specification's business constants, each named once. */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const CODE_LENGTH = 7;
export const RESEND_DELAYS_SECONDS = [30, 40, 60, 90, 120] as const;
export const BANNER_HIDE_MS = 7_000;
export const SUCCESS_DIALOG_CLOSE_MS = 2_000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;
export const USERNAME_MAX_LENGTH = 50;
export const NAME_RULE_MAX_LENGTH = 255;
export const NAME_INPUT_MAX_LENGTH = 100;
export const EMAIL_MIN_LENGTH = 6;
export const EMAIL_MAX_LENGTH = 256;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
export const EMAIL_INPUT_MAX_LENGTH = 255;
export const ATTRIBUTE_VALUE_MAX_LENGTH = 255;
export const PASSWORD_UNLOCK_DELAY_MS = 3_000;

export const DOCUMENT_SELECTION_MIN = 1;
export const DOCUMENT_SELECTION_MAX = 50;
export const QUICK_SEARCH_MAX_FIELDS = 3;
export const SEARCH_TEXT_MAX_LENGTH = 200;
export const USER_SEARCH_MAX_LENGTH = 255;
export const DATE_RANGE_MAX_DAYS = 730;
/** How many of the documents a USER would see the report-access preview lists, per type. */
export const ACCESS_PREVIEW_DOCUMENTS = 10;

export const USAGE_REPORT_DEFAULT_DAYS = 7;
export const USAGE_REPORT_MAX_MONTHS = 3;
export const USAGE_REPORT_TYPES = ['connection', 'users', 'newUsers'] as const;
export const USAGE_REPORT_DEFAULT_TYPE: (typeof USAGE_REPORT_TYPES)[number] = 'connection';

export const USER_PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export const USER_PAGE_SIZES_MOBILE = [10, 25, 50, 100] as const;
export const USER_DEFAULT_PAGE_SIZE = 25;

export const SETTINGS_DIALOG_MAX_WIDTH = 500;
export const COMMUNICATION_DIALOG_WIDTH = 615;
export const PHONE_DEFAULT_COUNTRY = 'CA';

export const MFA_TYPE = { email: 0, sms: 1 } as const;
export const COMMUNICATION_TYPE = { email: 0, phone: 1 } as const;

/** Cookie names fixed by the specification. */
export const LANG_COOKIE = 'lang';
export const EXPERIENCE_COOKIE = 'exp';

/** Tenant console: a client's, experience's or role's name, and a browser tab's title. */
export const CONSOLE_NAME_MAX_LENGTH = 120;
export const CONSOLE_APP_TITLE_MAX_LENGTH = 120;
/** A brand image (logo, favicon): at most this many bytes, and sides of this many pixels. */
export const BRAND_IMAGE_MAX_BYTES = 512 * 1024;
/** What a brand image is sent as; its bytes, not the type named, decide what it is. */
export const BRAND_IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon'] as const;
export const BRAND_IMAGE_MIN_SIDE = 16;
export const BRAND_IMAGE_MAX_SIDE = 4096;

/**
 * The numbers the `validation.*` messages name ({{passwordMin}}, {{searchTextMax}}...): the schemas
 * send bare keys, and whoever shows a message fills these in, so a limit is written once.
 */
export const VALIDATION_MESSAGE_VALUES = {
  usernameMax: USERNAME_MAX_LENGTH,
  passwordMin: PASSWORD_MIN_LENGTH,
  passwordMax: PASSWORD_MAX_LENGTH,
  nameMax: NAME_RULE_MAX_LENGTH,
  emailMin: EMAIL_MIN_LENGTH,
  emailMax: EMAIL_MAX_LENGTH,
  codeLength: CODE_LENGTH,
  searchTextMax: SEARCH_TEXT_MAX_LENGTH,
  quickSearchMaxFields: QUICK_SEARCH_MAX_FIELDS,
  selectionMin: DOCUMENT_SELECTION_MIN,
  selectionMax: DOCUMENT_SELECTION_MAX,
  dateRangeMax: DATE_RANGE_MAX_DAYS,
  consoleNameMax: CONSOLE_NAME_MAX_LENGTH,
  consoleTitleMax: CONSOLE_APP_TITLE_MAX_LENGTH,
  brandImageMaxKb: BRAND_IMAGE_MAX_BYTES / 1024,
  brandImageMinSide: BRAND_IMAGE_MIN_SIDE,
  brandImageMaxSide: BRAND_IMAGE_MAX_SIDE,
} as const;
