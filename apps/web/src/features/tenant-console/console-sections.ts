import type { TextKey } from '../../i18n/text-keys';

export interface ConsoleSection {
  /** The path under #/console. */
  path: string;
  labelKey: TextKey;
}

/** The tenant console's sections, in the order its navigation shows them; the router binds each path. */
export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { path: 'clients', labelKey: 'console.sections.clients' },
  { path: 'brands', labelKey: 'console.sections.brands' },
  { path: 'types', labelKey: 'console.sections.types' },
  { path: 'help', labelKey: 'console.sections.help' },
  { path: 'disclosures', labelKey: 'console.sections.disclosures' },
  { path: 'audit', labelKey: 'console.sections.audit' },
];
