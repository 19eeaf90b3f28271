import { AUDIT_ACTIONS, type AuditActionName, type AuditEntry, type AuditPerson, type Locale } from '@portal/contract';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { formatDate } from '../../lib/format';

const MOMENT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

export function isKnownAction(action: string): action is AuditActionName {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

export function describePerson(person: AuditPerson): string {
  return person.name ? `${person.name} (${person.username})` : person.username;
}

export function describeClient(client: NonNullable<AuditEntry['client']>, language: Locale): string {
  return `${pickBilingual(language, { en: client.nameEn, fr: client.nameFr })} (${client.code})`;
}

/** How an entry's facts read, in the page's language; shared by the table, the cards and the dialog. */
export function useAuditTexts() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  return {
    language,
    actionName: (action: string) => (isKnownAction(action) ? t(`console.audit.actions.${action}`) : action),
    when: (entry: AuditEntry) => formatDate(entry.occurredAt, language, MOMENT),
    actor: (entry: AuditEntry) => (entry.actor ? describePerson(entry.actor) : t('console.audit.systemActor')),
    target: (entry: AuditEntry) => (entry.target ? describePerson(entry.target) : t('console.audit.noTarget')),
    client: (entry: AuditEntry) => (entry.client ? describeClient(entry.client, language) : t('console.audit.noClient')),
  };
}
