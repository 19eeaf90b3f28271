import { Select, type SelectProps } from '@mantine/core';

interface PageSizeSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'allowDeselect'> {
  sizes: readonly number[];
  value: number;
  onChange: (size: number) => void;
}

/** How many rows a page of a list shows; always one of the allowed sizes. Small, as it sits beside the range text. */
export function PageSizeSelect({ sizes, value, onChange, ...props }: PageSizeSelectProps) {
  return (
    <Select
      data={sizes.map((size) => ({ value: String(size), label: String(size) }))}
      value={String(value)}
      onChange={(next) => next && onChange(Number(next))}
      allowDeselect={false}
      size="xs"
      {...props}
    />
  );
}
