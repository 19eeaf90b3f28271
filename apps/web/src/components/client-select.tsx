import { Select } from '@mantine/core';
import { pickBilingual } from '../i18n/pick-bilingual';
import { useCurrentLanguage } from '../i18n/use-current-language';
import { useIsMobile } from '../lib/use-is-mobile';

interface ClientOption {
  id: number;
  code: string;
  nameEn: string;
  nameFr: string;
}

interface ClientSelectProps {
  label: string;
  clients: readonly ClientOption[];
  /** The chosen client's id as text, or the `all` option's value. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** An entry for every client at once, listed first. */
  all?: { value: string; label: string };
}

/** The client a staff screen shows, for those who reach several: each named in the reader's language, with its code. */
export function ClientSelect({ label, clients, value, onChange, all }: ClientSelectProps) {
  const language = useCurrentLanguage();
  const isMobile = useIsMobile();
  return (
    <Select
      label={label}
      data={[
        ...(all ? [all] : []),
        ...clients.map((client) => ({
          value: String(client.id),
          label: `${pickBilingual(language, { en: client.nameEn, fr: client.nameFr })} (${client.code})`,
        })),
      ]}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      searchable={!all}
      w={isMobile ? '100%' : all ? 280 : 320}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
