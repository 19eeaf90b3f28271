import { useState } from 'react';
import { Grid, Stack, Title } from '@mantine/core';
import { SEARCH_TEXT_MAX_LENGTH } from '@portal/contract';
import { SearchBox } from '../../components/search-box';
import { useTranslation } from '../../i18n/use-translation';
import { FaqList } from './faq-list';
import { RepositoryPanel } from './repository-panel';

/** FAQ (spec section 2): the search box filters the questions and their answers; the repository panel beside them stays whole. */
export function FaqPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  return (
    <Stack gap="lg">
      <Title order={1}>{t('faq.title')}</Title>
      <SearchBox label={t('faq.search')} value={search} onSearch={setSearch} maxLength={SEARCH_TEXT_MAX_LENGTH} maw={480} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <section aria-labelledby="faq-questions-heading">
            <Title order={2} size="h3" id="faq-questions-heading" mb="sm">
              {t('faq.questions')}
            </Title>
            <FaqList search={search} />
          </section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <RepositoryPanel />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
