import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PASSKEYS_PER_PERSON, type Passkey } from '@portal/contract';
import { ErrorAlert } from '../../components/error-alert';
import { useOriginText } from '../../components/session-card';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { browserHasPasskeys } from '../../lib/passkeys';
import type { TimedMessageControl } from '../../lib/use-timed-message';
import { AddPasskeyDialog } from './add-passkey-dialog';
import { passkeysQuery, useRemovePasskey } from './passkeys-queries';
import { RenamePasskeyDialog } from './rename-passkey-dialog';

/** The person's passkeys, which may stand in for the code when they sign in: added, renamed, removed. */
export function PasskeysSection({ banner }: { banner: TimedMessageControl }) {
  const { t } = useTranslation();
  const passkeys = useQuery(passkeysQuery());
  const remove = useRemovePasskey();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const count = passkeys.data?.data.length ?? 0;

  const removePasskey = (passkey: Passkey) =>
    remove.mutate(passkey.id, {
      onSuccess: () => banner.show({ kind: 'success', text: t('passkeys.removed', { name: passkey.name }) }),
      onError: (error) => banner.show({ kind: 'error', text: describeError(error) }),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="settings-passkeys-title">
      <Title order={3} size="h5" id="settings-passkeys-title">
        {t('passkeys.title')}
      </Title>
      <Text size="sm">{t('passkeys.intro')}</Text>
      {passkeys.isError && <ErrorAlert>{describeError(passkeys.error)}</ErrorAlert>}
      {passkeys.data &&
        (count === 0 ? (
          <Text size="sm">{t('passkeys.none')}</Text>
        ) : (
          <Stack gap="xs" component="ul" className="portal-plain-list" data-testid="passkeys">
            {passkeys.data.data.map((passkey) => (
              <PasskeyItem
                key={passkey.id}
                passkey={passkey}
                busy={remove.isPending}
                onRename={() => setRenaming(passkey)}
                onRemove={() => removePasskey(passkey)}
              />
            ))}
          </Stack>
        ))}
      {browserHasPasskeys() ? (
        <Group>
          <Button variant="default" onClick={() => setAdding(true)} disabled={!passkeys.data || count >= PASSKEYS_PER_PERSON}>
            {t('passkeys.add')}
          </Button>
          {count >= PASSKEYS_PER_PERSON && <Text size="sm">{t('passkeys.full', { count: PASSKEYS_PER_PERSON })}</Text>}
        </Group>
      ) : (
        <Text size="sm">{t('passkeys.unsupported')}</Text>
      )}
      <AddPasskeyDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(name) => {
          setAdding(false);
          banner.show({ kind: 'success', text: t('passkeys.added', { name }) });
        }}
      />
      <RenamePasskeyDialog
        passkey={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(name) => {
          setRenaming(null);
          banner.show({ kind: 'success', text: t('passkeys.renamed', { name }) });
        }}
      />
    </Stack>
  );
}

interface PasskeyItemProps {
  passkey: Passkey;
  busy: boolean;
  onRename: () => void;
  onRemove: () => void;
}

function PasskeyItem({ passkey, busy, onRename, onRemove }: PasskeyItemProps) {
  const { t } = useTranslation();
  const text = useOriginText();
  const added = text.moment(passkey.createdAt);
  return (
    <Paper component="li" withBorder p="sm" data-testid="passkey">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text fw={600}>{passkey.name}</Text>
          <Text size="sm">
            {passkey.lastUsedAt
              ? t('passkeys.dates', { added, used: text.moment(passkey.lastUsedAt) })
              : t('passkeys.datesNeverUsed', { added })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={onRename} aria-label={t('passkeys.renameLabel', { name: passkey.name })}>
            {t('passkeys.rename')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={busy}
            onClick={onRemove}
            aria-label={t('passkeys.removeLabel', { name: passkey.name })}
          >
            {t('passkeys.remove')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
