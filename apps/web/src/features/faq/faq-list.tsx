import { Accordion, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { pickBilingual } from '../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../i18n/use-current-language';
import { useTranslation } from '../../i18n/use-translation';
import { faqQuery, normalizeText } from './faq-queries';

/** The questions of the user's client, filtered by the search text, each opening on its answer. */
export function FaqList({ search }: { search: string }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const { data, error, isPending } = useQuery(faqQuery());
  if (isPending) return <LoadingIndicator />;
  if (error) return <ErrorAlert>{describeError(error)}</ErrorAlert>;

  const needle = normalizeText(search.trim());
  const faqs = data.faqs
    .map((faq) => ({
      id: String(faq.Id),
      question: pickBilingual(language, { en: faq.QuestionEN, fr: faq.QuestionFR }),
      answer: pickBilingual(language, { en: faq.AnswerEN, fr: faq.AnswerFR }),
    }))
    .filter((faq) => !needle || normalizeText(`${faq.question}\n${faq.answer}`).includes(needle));

  if (faqs.length === 0) return <Text role="status">{t('faq.noQuestion')}</Text>;
  return (
    <Accordion variant="separated" chevronPosition="right" data-testid="faq-list">
      {faqs.map((faq) => (
        <Accordion.Item key={faq.id} value={faq.id}>
          <Accordion.Control>
            <Text fw={600}>{faq.question}</Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text style={{ whiteSpace: 'pre-line' }}>{faq.answer}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
