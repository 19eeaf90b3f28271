/**
 * The keys of the failures the import finds itself, beside the server's `errors.*` keys, as the
 * report's errorKey column shows them.
 */
export const LOCAL_ERROR_KEYS = {
  rowInvalid: 'import.rowInvalid',
  fileNotFound: 'import.fileNotFound',
  fileOutsideFolder: 'import.fileOutsideFolder',
  networkError: 'import.networkError',
  unexpectedAnswer: 'import.unexpectedAnswer',
} as const;
