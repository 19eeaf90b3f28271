import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface SearchBoxProps extends Omit<TextInputProps, 'type' | 'value' | 'onChange' | 'leftSection'> {
  value: string;
  onSearch: (text: string) => void;
}

/** A search box that filters as the person types, with no button to press. */
export function SearchBox({ onSearch, ...props }: SearchBoxProps) {
  return (
    <TextInput
      type="search"
      onChange={(event) => onSearch(event.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      {...props}
    />
  );
}
