import { clusterTightness, messages, type ExportLeftOut, type Project } from '@keywright/contract';
import { Alert, Button, Group, Input, Loader, Modal, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  CampaignNameInput,
  FinalUrlInput,
  IncludeMaxCpcCheckbox,
  MatchTypeRadioGroup,
} from '@/components/ads-editor/ads-editor-fields';
import { LeftOutSummary, leftOutNotice } from '@/components/ads-editor/left-out-summary';
import { NegativeListsChoice, useNegativeListsChoice } from '@/components/ads-editor/negative-lists-choice';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { useProject } from '@/components/project-select/api/get-project';
import { errorMessage, isUnauthorized } from '@/lib/api-error';
import { notifyError, notifyNotice, notifySuccess } from '@/lib/notify';
import { useExportCampaign, type ExportCampaignInput } from './api/export-campaign';
import {
  campaignExportBody,
  initialCampaignFields,
  type CampaignExportFields,
  type CampaignGroupBy,
} from './campaign-export-form';
import classes from './campaign-export.module.css';

const groupByOptions: { value: CampaignGroupBy; label: string }[] = [
  { value: 'clusters', label: messages.campaignAdGroupsFromClusters },
  { value: 'lists', label: messages.campaignAdGroupsFromLists },
];

const tightnessOptions = clusterTightness.map((value) => ({ value, label: messages.campaignGroupingLabels[value] }));

/**
 * Export campaign: the whole project as one Google Ads Editor file, an ad group per keyword group
 * or per list. The file is written on the server (an ad per ad group, which takes a while for many
 * groups), so the dialog may be closed meanwhile: the download still comes, with its toast, and a
 * failure then speaks in a toast instead of the dialog. Full screen on phones.
 */
export function CampaignExportDialog({
  projectId,
  opened,
  onClose,
}: {
  projectId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const projectQuery = useProject(projectId);
  const project = projectQuery.data;
  const [problem, setProblem] = useState<string | null>(null);
  // What Google Ads' limits left out of the file just downloaded: said beside the button.
  const [leftOut, setLeftOut] = useState<ExportLeftOut | null>(null);
  const isOpenRef = useRef(opened);
  useEffect(() => {
    isOpenRef.current = opened;
  }, [opened]);

  const exportCampaign = useExportCampaign({
    onSuccess: (summary) => {
      notifySuccess(messages.campaignExported);
      if (!summary) return onClose();
      // Something was left out: the dialog stays to say what (or a toast, when it was closed meanwhile).
      if (isOpenRef.current) setLeftOut(summary);
      else {
        const { title, message } = leftOutNotice(summary);
        notifyNotice(message, title);
      }
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      const text = errorMessage(error, messages.failedToExportCampaign);
      if (isOpenRef.current) setProblem(text);
      else notifyError(text);
    },
  });

  const handleClose = () => {
    setProblem(null);
    setLeftOut(null);
    onClose();
  };

  let content;
  if (project) {
    content = (
      <CampaignExportForm
        project={project}
        problem={problem}
        leftOut={leftOut}
        isExporting={exportCampaign.isPending}
        onChange={() => setProblem(null)}
        onSubmit={(body) => {
          setProblem(null);
          setLeftOut(null);
          exportCampaign.mutate({ projectId, body });
        }}
      />
    );
  } else if (projectQuery.isError) {
    content = (
      <LoadFailedAlert
        title={errorMessage(projectQuery.error, messages.failedToLoadProjectData)}
        isRetrying={projectQuery.isFetching}
        onRetry={() => void projectQuery.refetch()}
      />
    );
  } else {
    content = (
      <Group justify="center" py="xl" aria-busy="true">
        <Loader size="sm" />
      </Group>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={messages.exportCampaign}
      size="lg"
      fullScreen={!isWide}
      radius={isWide ? undefined : 0}
      classNames={{ body: classes.body }}
    >
      {content}
    </Modal>
  );
}

/** The form, mounted with each opening (the modal drops its content when closed): the defaults again. */
function CampaignExportForm({
  project,
  problem,
  leftOut,
  isExporting,
  onChange,
  onSubmit,
}: {
  project: Project;
  problem: string | null;
  leftOut: ExportLeftOut | null;
  isExporting: boolean;
  onChange: () => void;
  onSubmit: (body: ExportCampaignInput['body']) => void;
}) {
  const groupById = useId();
  const groupingId = useId();
  const groupingHintId = useId();
  const [fields, setFields] = useState<CampaignExportFields>(() => initialCampaignFields(project));
  const [touched, setTouched] = useState<ReadonlySet<'campaign' | 'finalUrl'>>(() => new Set());
  const [hasTried, setHasTried] = useState(false);
  const finalUrlRef = useRef<HTMLInputElement>(null);
  const negativeLists = useNegativeListsChoice(project.id);

  const validation = campaignExportBody(fields);
  const fieldError = (field: 'campaign' | 'finalUrl') =>
    hasTried || touched.has(field) ? validation.errors?.[field] : undefined;
  const update = (change: Partial<CampaignExportFields>) => {
    setFields((current) => ({ ...current, ...change }));
    onChange();
  };
  const touch = (field: 'campaign' | 'finalUrl') => setTouched((current) => new Set(current).add(field));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isExporting) return;
    setHasTried(true);
    const negativeListIds = negativeLists.ids;
    if (validation.body) onSubmit(negativeListIds ? { ...validation.body, negativeListIds } : validation.body);
    else if (validation.errors.finalUrl) finalUrlRef.current?.focus();
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {messages.exportCampaignHint}
        </Text>
        <div>
          <Input.Label labelElement="div" id={groupById} mb={6}>
            {messages.campaignAdGroupsFrom}
          </Input.Label>
          <SegmentedControl
            fullWidth
            data={groupByOptions}
            value={fields.groupBy}
            onChange={(value) => update({ groupBy: value as CampaignGroupBy })}
            aria-labelledby={groupById}
          />
          {fields.groupBy === 'lists' && (
            <Text size="xs" c="dimmed" mt={6}>
              {messages.campaignListsHint}
            </Text>
          )}
        </div>
        {fields.groupBy === 'clusters' && (
          <div>
            <Input.Label labelElement="div" id={groupingId} mb={6}>
              {messages.campaignGrouping}
            </Input.Label>
            <SegmentedControl
              fullWidth
              data={tightnessOptions}
              value={fields.tightness}
              onChange={(value) => update({ tightness: value as CampaignExportFields['tightness'] })}
              aria-labelledby={groupingId}
              aria-describedby={groupingHintId}
            />
            <Text id={groupingHintId} size="xs" c="dimmed" mt={6}>
              {messages.campaignGroupingHints[fields.tightness]}
            </Text>
          </div>
        )}
        <CampaignNameInput
          label={messages.campaignNameLabel}
          description={messages.campaignNameHint}
          value={fields.campaign}
          error={fieldError('campaign')}
          onChange={(campaign) => update({ campaign })}
          onBlur={() => touch('campaign')}
        />
        <FinalUrlInput
          inputRef={finalUrlRef}
          value={fields.finalUrl}
          error={fieldError('finalUrl')}
          onChange={(finalUrl) => update({ finalUrl })}
          onBlur={() => touch('finalUrl')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="lg">
          <MatchTypeRadioGroup value={fields.matchType} onChange={(matchType) => update({ matchType })} />
          <IncludeMaxCpcCheckbox
            label={messages.includeMaxCpcFromHighBid}
            description={messages.includeMaxCpcFromHighBidHint}
            checked={fields.includeMaxCpc}
            onChange={(includeMaxCpc) => update({ includeMaxCpc })}
          />
          {fields.includeMaxCpc && (
            <IncludeMaxCpcCheckbox
              label={messages.useEstimatedBidsLabel}
              description={messages.useEstimatedBidsHint}
              checked={fields.useEstimatedBids}
              onChange={(useEstimatedBids) => update({ useEstimatedBids })}
            />
          )}
        </SimpleGrid>
        <NegativeListsChoice choice={negativeLists} />
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        {leftOut && <LeftOutSummary summary={leftOut} />}
        <div className={classes.footer}>
          <Text size="sm" c="dimmed" role="status" className={classes.status}>
            {isExporting ? messages.preparingCampaignHint : ''}
          </Text>
          {/* Busy, not greyed out: it cannot be pressed again while the file is written. */}
          <Button
            type="submit"
            aria-disabled={isExporting || undefined}
            leftSection={isExporting ? <Loader size={16} color="currentColor" /> : <IconFileSpreadsheet size={18} />}
            className={classes.submit}
          >
            {isExporting ? messages.preparingCampaign : messages.downloadCampaign}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
