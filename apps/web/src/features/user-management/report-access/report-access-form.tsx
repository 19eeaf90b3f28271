import { useState } from 'react';
import { Accordion, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { userManagementEndpoints, type ReportAccess } from '@portal/contract';
import { ErrorAlert } from '../../../components/error-alert';
import { describeError } from '../../../i18n/error-message';
import { pickBilingual } from '../../../i18n/pick-bilingual';
import { useCurrentLanguage } from '../../../i18n/use-current-language';
import { useTranslation } from '../../../i18n/use-translation';
import { callApi } from '../../../lib/api-client';
import { isNetworkFailure } from '../outcome';
import { AccessPreview } from './access-preview';
import { useAccessPreview } from './access-preview-query';
import { CriteriaGroup } from './criteria-group';
import {
  addAttribute,
  addGroup,
  draftsOf,
  hasAccess,
  hasIncompleteGroup,
  removeAttribute,
  removeGroup,
  setValue,
  toSubmittedReports,
  type DraftReport,
} from './report-access-model';

interface ReportAccessFormProps {
  userId: number;
  reports: ReportAccess[];
  onCancel: () => void;
  onSaved: (msg: string) => void;
}

/**
 * The editable access: groups are checked on Confirm (all filled or all empty), empty ones are
 * dropped. Each type shows what the user would see with its groups as they stand.
 */
export function ReportAccessForm({ userId, reports, onCancel, onSaved }: ReportAccessFormProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const [drafts, setDrafts] = useState(() => draftsOf(reports));
  const [opened, setOpened] = useState(() => drafts.filter(hasAccess).map((report) => String(report.reportId)));
  const [showErrors, setShowErrors] = useState(false);
  const save = useMutation({
    mutationFn: () => callApi(userManagementEndpoints.saveReportAccess, { body: { userId, submitedReports: toSubmittedReports(drafts) } }),
    onSuccess: (answer) => onSaved(answer.msg),
  });
  const preview = useAccessPreview(userId, drafts);

  const change = (reportId: number, edit: (report: DraftReport) => DraftReport) =>
    setDrafts((current) => current.map((report) => (report.reportId === reportId ? edit(report) : report)));
  const titleOf = (report: DraftReport) => pickBilingual(language, { en: report.titleEn, fr: report.titleFr });

  const confirm = () => {
    setShowErrors(true);
    if (!hasIncompleteGroup(drafts)) save.mutate();
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('userManagement.reportAccess.intro')}</Text>
      {drafts.length === 0 && <Text>{t('userManagement.reportAccess.noReport')}</Text>}
      <Accordion multiple value={opened} onChange={setOpened} variant="separated">
        {drafts.map((report) => {
          const title = titleOf(report);
          const isGiven = hasAccess(report);
          const typePreview = preview.data?.get(report.reportId);
          return (
            <Accordion.Item key={report.reportId} value={String(report.reportId)} data-testid="report-access-item">
              <Accordion.Control>
                <Group gap="sm" wrap="nowrap">
                  <Text fw={600}>{title}</Text>
                  <Badge color={isGiven ? 'teal.9' : 'gray.7'} variant="filled">
                    {t(isGiven ? 'userManagement.reportAccess.given' : 'userManagement.reportAccess.notGiven')}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  {report.groups.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('userManagement.reportAccess.noGroup')}
                    </Text>
                  )}
                  {report.groups.map((group, index) => (
                    <CriteriaGroup
                      key={group.key}
                      report={report}
                      group={group}
                      number={index + 1}
                      reportTitle={title}
                      showErrors={showErrors}
                      matchesNothing={typePreview?.emptyGroupKeys.includes(group.key) ?? false}
                      onValue={(attributeId, value) => change(report.reportId, (r) => setValue(r, group.key, attributeId, value))}
                      onAddAttribute={(attributeId) => change(report.reportId, (r) => addAttribute(r, group.key, attributeId))}
                      onRemoveAttribute={(attributeId) => change(report.reportId, (r) => removeAttribute(r, group.key, attributeId))}
                      onDelete={() => change(report.reportId, (r) => removeGroup(r, group.key))}
                    />
                  ))}
                  <Group>
                    <Button
                      variant="outline"
                      size="compact-sm"
                      leftSection={<IconPlus size={16} aria-hidden />}
                      disabled={report.attributes.length === 0}
                      onClick={() => change(report.reportId, addGroup)}
                      aria-label={t('userManagement.reportAccess.addGroupTo', { title })}
                    >
                      {t('userManagement.reportAccess.addGroup')}
                    </Button>
                  </Group>
                  <AccessPreview title={title} preview={typePreview} isRefreshing={preview.isFetching} error={preview.error} />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      {save.error && (
        <ErrorAlert title={isNetworkFailure(save.error) ? undefined : t('userManagement.reportAccess.saveError')}>
          {describeError(save.error)}
        </ErrorAlert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={save.isPending}>
          {t('userManagement.reportAccess.cancel')}
        </Button>
        <Button onClick={confirm} loading={save.isPending}>
          {t('userManagement.reportAccess.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
