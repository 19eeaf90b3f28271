import { useEffect, useState } from 'react';
import { Button, Checkbox, Group, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { DISCLOSURE_TEXT_MAX_LENGTH, PublishDisclosureRequestSchema, type PublishDisclosureRequest } from '@portal/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { readFieldIssues } from '../../lib/field-issues';
import { clientTypesQuery, disclosuresQuery, usePublishDisclosure } from './disclosure-queries';

type TextField = Exclude<keyof PublishDisclosureRequest, 'typeCodes'>;
const TEXT_FIELDS: readonly (readonly [TextField, TextField])[] = [
  ['requirementsEn', 'requirementsFr'],
  ['withdrawalEn', 'withdrawalFr'],
  ['paperEn', 'paperFr'],
];
const EMPTY: PublishDisclosureRequest = {
  typeCodes: [],
  requirementsEn: '',
  requirementsFr: '',
  withdrawalEn: '',
  withdrawalFr: '',
  paperEn: '',
  paperFr: '',
};

/** The next version to publish, starting from the one in force. */
export function DisclosureEditor({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const errorText = useErrorText();
  const types = useQuery(clientTypesQuery(clientId));
  const versions = useQuery(disclosuresQuery(clientId));
  const publish = usePublishDisclosure(clientId);
  const [draft, setDraft] = useState<PublishDisclosureRequest>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PublishDisclosureRequest, string>>>({});
  const [isConfirming, setConfirming] = useState(false);
  const inForce = versions.data?.[0];
  useEffect(() => {
    if (!inForce) return;
    const { types: covered, requirementsEn, requirementsFr, withdrawalEn, withdrawalFr, paperEn, paperFr } = inForce;
    setDraft({ typeCodes: covered.map((type) => type.code), requirementsEn, requirementsFr, withdrawalEn, withdrawalFr, paperEn, paperFr });
  }, [inForce]);

  const check = () => {
    const parsed = PublishDisclosureRequestSchema.safeParse(draft);
    const found: typeof errors = {};
    for (const issue of parsed.error?.issues ?? []) found[issue.path[0] as keyof PublishDisclosureRequest] ??= issue.message;
    setErrors(found);
    if (parsed.success) setConfirming(true);
  };

  return (
    <Stack gap="md">
      <Title order={3}>
        {inForce ? t('console.disclosures.next', { version: String(inForce.version + 1) }) : t('console.disclosures.first')}
      </Title>
      {types.error && <ErrorAlert>{describeError(types.error)}</ErrorAlert>}
      <Checkbox.Group
        label={t('console.disclosures.covers')}
        value={draft.typeCodes}
        onChange={(typeCodes) => setDraft({ ...draft, typeCodes })}
        error={errorText(errors.typeCodes)}
        required
      >
        <Group gap="md" mt="xs">
          {(types.data ?? []).map((type) => (
            <Checkbox key={type.code} value={type.code} label={pickBilingual(language, { en: type.titleEn, fr: type.titleFr })} />
          ))}
        </Group>
      </Checkbox.Group>
      {TEXT_FIELDS.map(([en, fr]) => (
        <SimpleGrid key={en} cols={{ base: 1, sm: 2 }} spacing="md">
          {([en, fr] as const).map((field) => (
            <Textarea
              key={field}
              label={t(`console.disclosures.fields.${field}`)}
              value={draft[field]}
              onChange={(event) => setDraft({ ...draft, [field]: event.currentTarget.value })}
              error={errorText(errors[field])}
              maxLength={DISCLOSURE_TEXT_MAX_LENGTH}
              autosize
              minRows={3}
              required
            />
          ))}
        </SimpleGrid>
      ))}
      <Group justify="flex-end">
        <Button onClick={check} loading={publish.isPending}>
          {t('console.disclosures.publish')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={isConfirming}
        title={t('console.disclosures.confirmTitle')}
        text={t('console.disclosures.confirmText')}
        confirmLabel={t('console.disclosures.publish')}
        emphasis="proceed"
        isPending={publish.isPending}
        error={publish.error}
        onConfirm={() =>
          publish.mutate(draft, {
            onSuccess: (answer) => {
              setConfirming(false);
              notifications.show({ color: 'green', message: t('console.disclosures.published', { version: String(answer.data.version) }) });
            },
            onError: (error) => {
              const issues = readFieldIssues(error, Object.keys(EMPTY) as (keyof PublishDisclosureRequest)[]);
              if (Object.keys(issues).length > 0) {
                setErrors(issues);
                setConfirming(false);
              }
            },
          })
        }
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
