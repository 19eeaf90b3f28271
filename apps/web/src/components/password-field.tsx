import { useState, type KeyboardEvent } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

export interface PasswordFieldProps extends PasswordInputProps {
  /** The accessible name of the show/hide button (it also reports aria-pressed). */
  toggleLabel: string;
}

/** A password input whose show/hide button is named, reachable by Tab and works with Enter too. */
export function PasswordField({ toggleLabel, ...props }: PasswordFieldProps) {
  const [isVisible, setVisible] = useState(false);
  return (
    <PasswordInput
      visible={isVisible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        'aria-label': toggleLabel,
        tabIndex: 0,
        // Mantine toggles on pointer and Space only; Enter works on every other button.
        onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            setVisible((visible) => !visible);
          }
        },
      }}
      {...props}
    />
  );
}
