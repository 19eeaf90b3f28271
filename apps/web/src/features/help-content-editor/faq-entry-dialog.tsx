import { useEffect, useRef } from 'react';
import { Button, Fieldset, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FAQ_ANSWER_MAX_LENGTH, FAQ_QUESTION_MAX_LENGTH, SaveFaqEntryRequestSchema, type FaqEntry } from '@portal/contract';
import { Dialog } from '../../components/dialog';
import { ErrorAlert } from '../../components/error-alert';
import { describeError } from '../../i18n/error-message';
import { useTranslation } from '../../i18n/use-translation';
import { useErrorText } from '../../lib/error-text';
import { readFieldIssues } from '../../lib/field-issues';
import { focusFirstInvalid } from '../../lib/focus-first-invalid';
import { useIsMobile } from '../../lib/use-is-mobile';
import { validateWith } from '../../lib/zod-validator';
import type { HelpContentChanges } from './help-content-queries';

const FIELDS = ['questionEn', 'questionFr', 'answerEn', 'answerFr'] as const;
type FaqFormValues = Record<(typeof FIELDS)[number], string>;
const EMPTY: FaqFormValues = { questionEn: '', questionFr: '', answerEn: '', answerFr: '' };
const shape = SaveFaqEntryRequestSchema.shape;

interface FaqEntryDialogProps {
  /** The entry edited, 'new' for a new one, null when closed. */
  entry: FaqEntry | 'new' | null;
  save: HelpContentChanges['saveFaq'];
  onClose: () => void;
}

/** A question and its answer in both languages: side by side on a desktop, one above the other on a phone. */
export function FaqEntryDialog({ entry, save, onClose }: FaqEntryDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const isMobile = useIsMobile();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<FaqFormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      questionEn: validateWith(shape.questionEn),
      questionFr: validateWith(shape.questionFr),
      answerEn: validateWith(shape.answerEn),
      answerFr: validateWith(shape.answerFr),
    },
  });

  const { setValues, clearErrors } = form;
  useEffect(() => {
    if (entry === null) return;
    setValues(
      entry === 'new'
        ? EMPTY
        : { questionEn: entry.questionEn, questionFr: entry.questionFr, answerEn: entry.answerEn, answerFr: entry.answerFr },
    );
    clearErrors();
    // Only on opening: a refreshed list must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry]);

  const submit = form.onSubmit(
    (values) =>
      save.mutate(
        { id: entry === 'new' || entry === null ? null : entry.id, body: values },
        {
          onSuccess: onClose,
          onError: (error) => {
            const issues = readFieldIssues(error, FIELDS);
            if (Object.keys(issues).length > 0) {
              form.setErrors(issues);
              focusFirstInvalid(formRef.current);
            }
          },
        },
      ),
    () => focusFirstInvalid(formRef.current),
  );
  const hasFieldIssues = save.isError && Object.keys(readFieldIssues(save.error, FIELDS)).length > 0;

  const column = (language: 'En' | 'Fr') => (
    <Fieldset legend={t(language === 'En' ? 'console.help.english' : 'console.help.french')}>
      <Stack gap="sm">
        <TextInput
          label={t(language === 'En' ? 'console.help.faq.questionEn' : 'console.help.faq.questionFr')}
          maxLength={FAQ_QUESTION_MAX_LENGTH}
          autoComplete="off"
          lang={language.toLowerCase()}
          required
          data-autofocus={language === 'En' ? true : undefined}
          {...form.getInputProps(`question${language}`)}
          error={errorText(form.errors[`question${language}`])}
        />
        <Textarea
          label={t(language === 'En' ? 'console.help.faq.answerEn' : 'console.help.faq.answerFr')}
          maxLength={FAQ_ANSWER_MAX_LENGTH}
          lang={language.toLowerCase()}
          autosize
          minRows={4}
          maxRows={12}
          required
          {...form.getInputProps(`answer${language}`)}
          error={errorText(form.errors[`answer${language}`])}
        />
      </Stack>
    </Fieldset>
  );

  return (
    <Dialog
      opened={entry !== null}
      onClose={onClose}
      title={t(entry === 'new' ? 'console.help.faq.addTitle' : 'console.help.faq.editTitle')}
      size="xl"
      centered
      fullScreen={isMobile}
      data-testid="faq-entry-dialog"
    >
      <form ref={formRef} noValidate onSubmit={submit}>
        <Stack gap="md">
          {save.isError && !hasFieldIssues && <ErrorAlert>{describeError(save.error)}</ErrorAlert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {column('En')}
            {column('Fr')}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('console.help.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
