import type { UseFormReturnType } from '@mantine/form';
import { useErrorText } from './error-text';

/**
 * A form field's Mantine input props, its error given as text. Forms keep errors as translation
 * keys so that they follow a language switch; this is where a field's key becomes its text.
 */
export function useFieldProps<Values>(form: UseFormReturnType<Values>) {
  const errorText = useErrorText();
  return (field: keyof Values & string) => ({ ...form.getInputProps(field), error: errorText(form.errors[field]) });
}
