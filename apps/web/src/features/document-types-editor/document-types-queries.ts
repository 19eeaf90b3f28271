import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  consoleDocumentTypesEndpoints,
  type ConsoleAttribute,
  type ConsoleDocumentType,
  type UpdateAttributeForm,
  type UpdateDocumentTypeForm,
} from '@portal/contract';
import { callApi } from '../../lib/api-client';
import { CONSOLE_QUERY_ROOT } from '../../lib/console-clients-query';

const typesQueryKey = (clientId: number) => [...CONSOLE_QUERY_ROOT, 'document-types', clientId] as const;

export function documentTypesQuery(clientId: number | undefined) {
  return queryOptions({
    queryKey: typesQueryKey(clientId ?? 0),
    queryFn: ({ signal }) => callApi(consoleDocumentTypesEndpoints.listConsoleDocumentTypes, { params: { clientId: clientId! }, signal }),
    select: (answer) => answer.data,
    enabled: clientId !== undefined,
  });
}

/** An attribute's editable settings, as the server takes them back. */
export function attributeSettingsOf(attribute: ConsoleAttribute): UpdateAttributeForm {
  return {
    displayNameEn: attribute.displayNameEn,
    displayNameFr: attribute.displayNameFr,
    descriptionEn: attribute.descriptionEn,
    descriptionFr: attribute.descriptionFr,
    showInColumn: attribute.showInColumn,
    isSearchable: attribute.isSearchable,
    identifiesOwner: attribute.identifiesOwner,
    ordering: attribute.ordering,
    valueLabels: attribute.valueLabels,
    currency: attribute.currency,
  };
}

/** The ids of a type's attributes with one moved a place up (-1) or down (+1). */
export function movedAttributeIds(type: ConsoleDocumentType, attributeId: number, step: -1 | 1): number[] {
  const ids = type.attributes.map((attribute) => attribute.id);
  const from = ids.indexOf(attributeId);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

/** The three changes of the editor; each answer is the type as saved, put straight into the list. */
export function useDocumentTypeChanges(type: ConsoleDocumentType) {
  const queryClient = useQueryClient();
  const params = { clientId: type.clientId, typeId: type.id };
  const store = (saved: { data: ConsoleDocumentType }) => {
    queryClient.setQueryData(typesQueryKey(type.clientId), (list: { success: true; data: ConsoleDocumentType[] } | undefined) =>
      list ? { ...list, data: list.data.map((candidate) => (candidate.id === saved.data.id ? saved.data : candidate)) } : list,
    );
  };
  return {
    updateType: useMutation({
      mutationFn: (body: UpdateDocumentTypeForm) => callApi(consoleDocumentTypesEndpoints.updateConsoleDocumentType, { params, body }),
      onSuccess: store,
    }),
    updateAttribute: useMutation({
      mutationFn: ({ attributeId, body }: { attributeId: number; body: UpdateAttributeForm }) =>
        callApi(consoleDocumentTypesEndpoints.updateConsoleAttribute, { params: { ...params, attributeId }, body }),
      onSuccess: store,
    }),
    reorder: useMutation({
      mutationFn: (attributeIds: number[]) =>
        callApi(consoleDocumentTypesEndpoints.reorderConsoleAttributes, { params, body: { attributeIds } }),
      onSuccess: store,
    }),
  };
}
export type DocumentTypeChanges = ReturnType<typeof useDocumentTypeChanges>;
