/** The form rule of a confirmation field: it must repeat the value of the field it confirms. */
export function validateConfirmationOf<Values>(field: keyof Values) {
  return (value: unknown, values: Values): string | null => (value === values[field] ? null : 'validation.confirmationMismatch');
}
