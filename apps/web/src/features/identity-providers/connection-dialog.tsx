import { useEffect } from 'react';
import { Button, Checkbox, Group, PasswordInput, SegmentedControl, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import {
  DEFAULT_IDENTITY_CLAIMS,
  ROLE_CODES,
  type IdentityConnection,
  type IdentityConnectionInput,
  type RoleCode,
} from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { useIsMobile } from '../../lib/use-is-mobile';

/** The roles a connection may give: any but super user, which no client's provider grants. */
const GIVEN_ROLES = ROLE_CODES.filter((role) => role !== 'SUPER_USER');

interface FormValues {
  kind: 'oidc' | 'saml';
  samlMetadata: string;
  samlMetadataUrl: string;
  name: string;
  issuer: string;
  providerClientId: string;
  clientSecret: string;
  scopes: string;
  domains: string;
  experienceCode: string | null;
  defaultRole: string;
  roleMappings: string;
  enforcedRoles: string[];
  trustProviderMfa: boolean;
  enabled: boolean;
}

const NO_DEFAULT = 'none';

function valuesOf(connection: IdentityConnection | null, firstExperience: string | null): FormValues {
  return {
    kind: connection?.kind ?? 'oidc',
    samlMetadata: '',
    samlMetadataUrl: '',
    name: connection?.name ?? '',
    issuer: connection?.issuer ?? '',
    providerClientId: connection?.providerClientId ?? '',
    clientSecret: '',
    scopes: connection?.scopes ?? 'openid email profile',
    domains: connection?.domains.join(', ') ?? '',
    experienceCode: connection?.experienceCode ?? firstExperience,
    defaultRole: connection ? (connection.defaultRole ?? NO_DEFAULT) : 'USER',
    roleMappings: connection?.roleMappings.map(lineOf).join('\n') ?? '',
    enforcedRoles: connection?.enforcedRoles ?? [],
    trustProviderMfa: connection?.trustProviderMfa ?? false,
    enabled: connection?.enabled ?? true,
  };
}

/**
 * "group = ROLE" or "group = ROLE, EXPERIENCE" lines, as the form takes them; a line without a
 * known role or experience is sent as typed, for the server to refuse.
 */
function mappingsOf(text: string): IdentityConnectionInput['roleMappings'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const at = line.lastIndexOf('=');
      const [role = '', experience] = line
        .slice(at + 1)
        .split(',')
        .map((part) => part.trim());
      return {
        group: line.slice(0, Math.max(at, 0)).trim() || line,
        role: role.toUpperCase() as RoleCode,
        ...(experience && { experienceCode: experience.toUpperCase() }),
      };
    });
}

const lineOf = (mapping: IdentityConnection['roleMappings'][number]) =>
  `${mapping.group} = ${mapping.role}${mapping.experienceCode ? `, ${mapping.experienceCode}` : ''}`;

interface ConnectionDialogProps {
  /** The connection changed, 'new' for one added, null when closed. */
  editing: IdentityConnection | 'new' | null;
  experiences: { code: string; nameEn: string; nameFr: string }[];
  save: UseMutationResult<unknown, Error, { id: number | null; body: IdentityConnectionInput }>;
  onClose: () => void;
}

export function ConnectionDialog({ editing, experiences, save, onClose }: ConnectionDialogProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const isMobile = useIsMobile();
  const connection = editing === 'new' ? null : editing;
  const form = useForm<FormValues>({ mode: 'controlled', initialValues: valuesOf(null, experiences[0]?.code ?? null) });
  useEffect(() => {
    if (editing !== null) form.setValues(valuesOf(connection, experiences[0]?.code ?? null));
    // The form is filled once per opening; typing must not be reset by a list refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing]);

  const submit = (values: FormValues) =>
    save.mutate(
      {
        id: connection?.id ?? null,
        body: {
          kind: values.kind,
          ...(values.kind === 'saml' && {
            samlMetadata: values.samlMetadata,
            ...(values.samlMetadataUrl.trim() !== '' && { samlMetadataUrl: values.samlMetadataUrl.trim() }),
          }),
          name: values.name,
          issuer: values.issuer.trim(),
          providerClientId: values.providerClientId,
          ...(values.clientSecret !== '' && { clientSecret: values.clientSecret }),
          scopes: values.scopes,
          claims: connection?.claims ?? DEFAULT_IDENTITY_CLAIMS,
          domains: values.domains.split(/[\s,;]+/).filter((domain) => domain !== ''),
          roleMappings: mappingsOf(values.roleMappings),
          defaultRole: values.defaultRole === NO_DEFAULT ? null : (values.defaultRole as RoleCode),
          experienceCode: values.experienceCode ?? '',
          enforcedRoles: values.enforcedRoles as RoleCode[],
          trustProviderMfa: values.trustProviderMfa,
          enabled: values.enabled,
        },
      },
      { onSuccess: onClose },
    );
  const roleLabel = (role: string) => t(`console.roles.${role as RoleCode}`);

  return (
    <Dialog
      opened={editing !== null}
      onClose={onClose}
      title={connection ? t('identityProviders.editTitle', { name: connection.name }) : t('identityProviders.addTitle')}
      size="lg"
      fullScreen={isMobile}
    >
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          {save.error && <ErrorAlert>{describeError(save.error)}</ErrorAlert>}
          <TextInput required label={t('identityProviders.fields.name')} maxLength={100} {...form.getInputProps('name')} data-autofocus />
          <SegmentedControl
            aria-label={t('identityProviders.fields.kind')}
            data={[
              { value: 'oidc', label: t('identityProviders.kinds.oidc') },
              { value: 'saml', label: t('identityProviders.kinds.saml') },
            ]}
            {...form.getInputProps('kind')}
          />
          {form.values.kind === 'saml' ? (
            <>
              <TextInput
                label={t('identityProviders.fields.samlMetadataUrl')}
                description={t('identityProviders.fields.samlMetadataUrlHelp')}
                maxLength={500}
                {...form.getInputProps('samlMetadataUrl')}
              />
              <Textarea
                label={t('identityProviders.fields.samlMetadata')}
                description={
                  connection?.kind === 'saml'
                    ? t('identityProviders.fields.samlMetadataKept')
                    : t('identityProviders.fields.samlMetadataHelp')
                }
                autosize
                minRows={3}
                maxRows={8}
                ff="monospace"
                {...form.getInputProps('samlMetadata')}
              />
            </>
          ) : (
            <>
              <TextInput
                required
                label={t('identityProviders.fields.issuer')}
                description={t('identityProviders.fields.issuerHelp')}
                maxLength={500}
                {...form.getInputProps('issuer')}
              />
              <TextInput
                required
                label={t('identityProviders.fields.providerClientId')}
                maxLength={200}
                {...form.getInputProps('providerClientId')}
              />
              <PasswordInput
                required={connection === null}
                label={t('identityProviders.fields.clientSecret')}
                description={connection ? t('identityProviders.fields.clientSecretKept') : undefined}
                maxLength={500}
                autoComplete="off"
                {...form.getInputProps('clientSecret')}
              />
              <TextInput label={t('identityProviders.fields.scopes')} maxLength={300} {...form.getInputProps('scopes')} />
            </>
          )}
          <TextInput
            required
            label={t('identityProviders.fields.domains')}
            description={t('identityProviders.fields.domainsHelp')}
            {...form.getInputProps('domains')}
          />
          <Select
            required
            label={t('identityProviders.fields.experience')}
            data={experiences.map((experience) => ({
              value: experience.code,
              label: `${pickBilingual(language, { en: experience.nameEn, fr: experience.nameFr })} (${experience.code})`,
            }))}
            allowDeselect={false}
            {...form.getInputProps('experienceCode')}
          />
          <Select
            label={t('identityProviders.fields.defaultRole')}
            data={[
              { value: NO_DEFAULT, label: t('identityProviders.noDefaultRole') },
              ...GIVEN_ROLES.map((role) => ({ value: role, label: roleLabel(role) })),
            ]}
            allowDeselect={false}
            {...form.getInputProps('defaultRole')}
          />
          <Textarea
            label={t('identityProviders.fields.roleMappings')}
            description={t('identityProviders.fields.roleMappingsHelp')}
            autosize
            minRows={2}
            {...form.getInputProps('roleMappings')}
          />
          <Checkbox.Group
            label={t('identityProviders.fields.enforcedRoles')}
            description={t('identityProviders.fields.enforcedRolesHelp')}
            {...form.getInputProps('enforcedRoles')}
          >
            <Group gap="md" mt="xs">
              {GIVEN_ROLES.map((role) => (
                <Checkbox key={role} value={role} label={roleLabel(role)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Switch
            label={t('identityProviders.fields.trustProviderMfa')}
            {...form.getInputProps('trustProviderMfa', { type: 'checkbox' })}
          />
          <Switch label={t('identityProviders.fields.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('identityProviders.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('identityProviders.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
