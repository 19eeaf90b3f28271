import { Button, type ButtonProps, type ElementProps } from '@mantine/core';

type DangerButtonProps = ButtonProps & ElementProps<'button', keyof ButtonProps>;

/**
 * The button of an action that removes something. Mantine's red text on its own light and
 * subtle backgrounds is below AA contrast; the darker shade keeps the colour and passes.
 */
export function DangerButton(props: DangerButtonProps) {
  return <Button color="red" c="red.9" {...props} />;
}
