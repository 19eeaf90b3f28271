import { useEffect, useRef } from 'react';
import { Button, FileInput, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileTypePdf } from '@tabler/icons-react';
import {
  HELP_CONTENT_ERROR_KEYS,
  REPOSITORY_DOCUMENT_NAME_MAX_LENGTH,
  REPOSITORY_FILE_CONTENT_TYPE,
  REPOSITORY_FILE_MAX_BYTES,
  RenameRepositoryEntryRequestSchema,
  type RepositoryEntry,
} from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingIndicator } from '../../components/loading-indicator';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { readFieldIssues } from '../../lib/field-issues';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { useIsMobile } from '../../lib/use-is-mobile';
import { validateWith } from '../../lib/zod-validator';
import type { HelpContentChanges } from './help-content-queries';

interface DocumentFormValues {
  nameEn: string;
  nameFr: string;
  fileEn: File | null;
  fileFr: File | null;
}
const NAME_FIELDS = ['nameEn', 'nameFr'] as const;

/** Each language's name and file, in one column each. */
const LANGUAGE_FIELDS = [
  {
    language: 'en',
    name: 'nameEn',
    file: 'fileEn',
    nameLabel: 'console.help.repository.nameEn',
    fileLabel: 'console.help.repository.fileEn',
    replaceLabel: 'console.help.repository.replaceEn',
  },
  {
    language: 'fr',
    name: 'nameFr',
    file: 'fileFr',
    nameLabel: 'console.help.repository.nameFr',
    fileLabel: 'console.help.repository.fileFr',
    replaceLabel: 'console.help.repository.replaceFr',
  },
] as const;
const shape = RenameRepositoryEntryRequestSchema.shape;

/** A chosen file the server would refuse, said before it is sent: not a PDF, or too large. */
function checkFile(file: File | null, isRequired: boolean): string | null {
  if (!file) return isRequired ? 'console.help.repository.fileRequired' : null;
  if (file.type !== REPOSITORY_FILE_CONTENT_TYPE && !file.name.toLowerCase().endsWith('.pdf')) return HELP_CONTENT_ERROR_KEYS.fileNotPdf;
  if (file.size > REPOSITORY_FILE_MAX_BYTES) return HELP_CONTENT_ERROR_KEYS.fileTooLarge;
  return null;
}

interface RepositoryDocumentDialogProps {
  /** The document edited, 'new' for a new one, null when closed. */
  document: RepositoryEntry | 'new' | null;
  changes: HelpContentChanges;
  onClose: () => void;
}

/** A repository document's names and PDFs: both files to create one; to edit, a file chosen replaces that language's. */
export function RepositoryDocumentDialog({ document, changes, onClose }: RepositoryDocumentDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const isMobile = useIsMobile();
  const formRef = useRef<HTMLFormElement>(null);
  const isNew = document === 'new';
  const mutation = isNew ? changes.createDocument : changes.updateDocument;
  const form = useForm<DocumentFormValues>({
    mode: 'controlled',
    initialValues: { nameEn: '', nameFr: '', fileEn: null, fileFr: null },
    validate: {
      nameEn: validateWith(shape.nameEn),
      nameFr: validateWith(shape.nameFr),
      fileEn: (file) => checkFile(file, isNew),
      fileFr: (file) => checkFile(file, isNew),
    },
  });

  const { setValues, clearErrors } = form;
  useEffect(() => {
    if (document === null) return;
    setValues({
      nameEn: document === 'new' ? '' : document.nameEn,
      nameFr: document === 'new' ? '' : document.nameFr,
      fileEn: null,
      fileFr: null,
    });
    clearErrors();
    // Only on opening: a refreshed list must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [document]);

  const onError = (error: unknown) => {
    const issues = readFieldIssues(error, NAME_FIELDS);
    if (Object.keys(issues).length > 0) {
      form.setErrors(issues);
      focusFirstInvalid(formRef.current);
    }
  };
  const submit = form.onSubmit(
    (values) => {
      const names = { nameEn: values.nameEn.trim(), nameFr: values.nameFr.trim() };
      if (document === 'new') {
        changes.createDocument.mutate({ ...names, fileEn: values.fileEn!, fileFr: values.fileFr! }, { onSuccess: onClose, onError });
      } else if (document) {
        changes.updateDocument.mutate(
          { document, ...names, fileEn: values.fileEn, fileFr: values.fileFr },
          { onSuccess: onClose, onError },
        );
      }
    },
    () => focusFirstInvalid(formRef.current),
  );
  const hasFieldIssues = mutation.isError && Object.keys(readFieldIssues(mutation.error, NAME_FIELDS)).length > 0;
  const fileDescription = isNew ? t('console.help.repository.fileDescription') : t('console.help.repository.replaceDescription');

  return (
    <Dialog
      opened={document !== null}
      onClose={onClose}
      title={t(isNew ? 'console.help.repository.addTitle' : 'console.help.repository.editTitle')}
      size="xl"
      centered
      fullScreen={isMobile}
      data-testid="repository-document-dialog"
    >
      <form ref={formRef} noValidate onSubmit={submit}>
        <Stack gap="md">
          {mutation.isError && !hasFieldIssues && <ErrorAlert>{describeError(mutation.error)}</ErrorAlert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {LANGUAGE_FIELDS.map((fields) => (
              <Stack gap="sm" key={fields.language}>
                <TextInput
                  label={t(fields.nameLabel)}
                  lang={fields.language}
                  maxLength={REPOSITORY_DOCUMENT_NAME_MAX_LENGTH}
                  autoComplete="off"
                  required
                  data-autofocus={fields.language === 'en' ? true : undefined}
                  {...form.getInputProps(fields.name)}
                  error={errorText(form.errors[fields.name])}
                />
                <FileInput
                  label={t(isNew ? fields.fileLabel : fields.replaceLabel)}
                  description={fileDescription}
                  accept={REPOSITORY_FILE_CONTENT_TYPE}
                  leftSection={<IconFileTypePdf size={18} aria-hidden />}
                  clearable
                  clearButtonProps={{ 'aria-label': t('console.help.repository.clearFile') }}
                  required={isNew}
                  {...form.getInputProps(fields.file)}
                  error={errorText(form.errors[fields.file])}
                />
              </Stack>
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            {mutation.isPending && <LoadingIndicator size="sm" label={t('console.help.repository.uploading')} />}
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('console.help.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
