import type { ReactNode } from 'react';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from '../app/routing';

interface PromptLinkProps {
  prompt: string;
  to: string;
  children: ReactNode;
}

/** A question and the link that answers it, under a signed-out form: "No account? Create one". */
export function PromptLink({ prompt, to, children }: PromptLinkProps) {
  return (
    <Group gap="xs" justify="center">
      <Text size="sm">{prompt}</Text>
      <Anchor component={Link} to={to} size="sm" fw={600}>
        {children}
      </Anchor>
    </Group>
  );
}
