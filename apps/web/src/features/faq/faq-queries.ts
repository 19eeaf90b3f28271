import { queryOptions } from '@tanstack/react-query';
import { documentsEndpoints } from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { faqKeys } from '../../lib/faq-query-keys';

export function faqQuery() {
  return queryOptions({
    queryKey: faqKeys.questions(),
    queryFn: ({ signal }) => callApi(documentsEndpoints.faqList, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function repositoryQuery() {
  return queryOptions({
    queryKey: faqKeys.repository(),
    queryFn: ({ signal }) => callApi(documentsEndpoints.repositoryList, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Accent- and case-blind matching, so that "resume" finds "résumé". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}
