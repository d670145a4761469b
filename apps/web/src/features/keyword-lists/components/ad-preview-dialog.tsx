import {
  adLineLimit,
  constants,
  messages,
  type AdBrief,
  type AdCopy,
  type ExportLeftOut,
  type KeywordList,
} from '@keywright/contract';
import { Alert, Button, Group, Loader, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowsShuffle, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNegativeListsChoice } from '@/components/ads-editor/negative-lists-choice';
import { LoadFailedAlert } from '@/components/load-failed-alert';
import { errorMessage, isUnauthorized } from '@/lib/api-error';
import { notifyApiError } from '@/lib/notify';
import {
  adCombination,
  adsEditorExportBody,
  combinationCount,
  displayHost,
  displayUrl,
  finalUrlFromSite,
  initialAdLines,
  lineLength,
  previewTexts,
  setLineKept,
  setLineText,
  type AdLine,
  type AdsEditorErrors,
  type AdsEditorFields,
} from '../ad-preview';
import { useExportGoogleAdsEditor } from '../api/export-google-ads-editor';
import { useAdBrief } from '../api/get-ad-brief';
import { useAdCopy } from '../api/get-ad-copy';
import { AdLineList } from './ad-line-list';
import { AdPreviewCard } from './ad-preview-card';
import { AdsEditorExportForm } from './ads-editor-export-form';
import classes from './ad-copy.module.css';

const { maxHeadlines, maxDescriptions } = constants.adsEditor;

/**
 * A list's ad: twenty headlines and twenty descriptions written from its keywords and project,
 * shown as a search ad; the person keeps and edits lines and exports them for Google Ads Editor.
 * Full screen on phones.
 */
export function AdPreviewDialog({
  list,
  opened,
  fullScreen,
  onClose,
}: {
  list: KeywordList;
  opened: boolean;
  fullScreen: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={messages.adPreviewTitle(list.name)}
      size={960}
      fullScreen={fullScreen}
      radius={fullScreen ? 0 : undefined}
      classNames={{ body: classes.dialogBody }}
    >
      <AdPreviewContent listId={list.id} />
    </Modal>
  );
}

function AdPreviewContent({ listId }: { listId: number }) {
  const briefQuery = useAdBrief(listId);
  const brief = briefQuery.data;
  if (brief === undefined) {
    return briefQuery.isError ? (
      <LoadFailedAlert
        title={errorMessage(briefQuery.error, messages.failedToWriteAdCopy)}
        isRetrying={briefQuery.isFetching}
        onRetry={() => void briefQuery.refetch()}
      />
    ) : (
      <WritingAdCopy />
    );
  }
  if (brief.keywords.length === 0) {
    return <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title={messages.noKeywordsInList} />;
  }
  return <AdCopyEditor brief={brief} />;
}

/** Loading: the shape of the ad and its lines, and what is happening. */
function WritingAdCopy() {
  return (
    <Stack gap="lg">
      <div className={classes.previewArea}>
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm" fw={500}>
            {messages.adCopyWriting}
          </Text>
        </Group>
        <div className={classes.ad} aria-hidden>
          <Skeleton height={10} width={70} mb="sm" />
          <Group gap="sm" mb="sm" wrap="nowrap">
            <Skeleton height={28} circle />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={10} width="30%" />
              <Skeleton height={10} width="45%" />
            </Stack>
          </Group>
          <Skeleton height={18} width="85%" mb="sm" />
          <Skeleton height={10} width="95%" mb={6} />
          <Skeleton height={10} width="70%" />
        </div>
      </div>
      <Stack gap="sm" aria-hidden>
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={36} />
        ))}
      </Stack>
    </Stack>
  );
}

interface EditedLines {
  source: AdCopy;
  headlines: AdLine[];
  descriptions: AdLine[];
}

const linesOf = (copy: AdCopy): EditedLines => ({
  source: copy,
  headlines: initialAdLines(copy.headlines, maxHeadlines),
  descriptions: initialAdLines(copy.descriptions, maxDescriptions),
});

const hasKeptLineOver = (lines: readonly AdLine[], limit: number) =>
  lines.some((line) => line.isKept && lineLength(line.text, limit).isOver);

function AdCopyEditor({ brief }: { brief: AdBrief }) {
  const copyQuery = useAdCopy(brief);
  const copy = copyQuery.data;
  const [edited, setEdited] = useState<EditedLines | null>(null);
  // New lines (written again): the edits start over from them.
  const lines = edited && edited.source === copy ? edited : copy ? linesOf(copy) : null;
  if (copy && edited?.source !== copy) setEdited(linesOf(copy));

  const [combination, setCombination] = useState(0);
  const [fields, setFields] = useState<AdsEditorFields>(() => ({
    campaign: brief.projectInfo.name,
    adGroup: brief.listName,
    matchType: 'Phrase',
    includeMaxCpc: true,
    useEstimatedBids: false,
    finalUrl: finalUrlFromSite(brief.projectInfo.siteUrl),
    path1: '',
    path2: '',
  }));
  const [touched, setTouched] = useState<ReadonlySet<keyof AdsEditorFields>>(() => new Set());
  const [hasTriedExport, setHasTriedExport] = useState(false);
  const negativeLists = useNegativeListsChoice(brief.projectId);
  // What Google Ads' limits left out of the file just downloaded: said beside the button.
  const [leftOut, setLeftOut] = useState<ExportLeftOut | null>(null);
  const exportAds = useExportGoogleAdsEditor({
    onSuccess: setLeftOut,
    onError: (error) => notifyApiError(error, messages.failedToExportAdsEditor, { preferServerText: true }),
  });

  // Writing new lines failed while the old ones are on screen: say so, keep them.
  const { error, errorUpdatedAt } = copyQuery;
  useEffect(() => {
    if (error && copy && !isUnauthorized(error)) {
      notifyApiError(error, messages.failedToWriteAdCopy, { preferServerText: true });
    }
    // Only a new failure speaks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, errorUpdatedAt]);

  if (!lines) {
    return copyQuery.isError ? (
      <LoadFailedAlert
        title={errorMessage(copyQuery.error, messages.failedToWriteAdCopy)}
        isRetrying={copyQuery.isFetching}
        onRetry={() => void copyQuery.refetch()}
      />
    ) : (
      <WritingAdCopy />
    );
  }

  const keptHeadlines = previewTexts(lines.headlines);
  const keptDescriptions = previewTexts(lines.descriptions);
  const combinations = combinationCount(keptHeadlines.length, keptDescriptions.length);
  const shown = adCombination(keptHeadlines, keptDescriptions, combination);
  const host = displayHost(fields.finalUrl) ?? displayHost(brief.projectInfo.siteUrl) ?? messages.adPreviewNoSite;

  const validation = adsEditorExportBody(fields, lines.headlines, lines.descriptions);
  const found: AdsEditorErrors = validation.errors ?? {};
  const fieldError = (field: keyof AdsEditorErrors & keyof AdsEditorFields) =>
    hasTriedExport || touched.has(field) ? found[field] : undefined;
  // A line over its limit says so on its own row; the list speaks of counts and blanks.
  const listError = (kind: 'headlines' | 'descriptions') =>
    hasTriedExport && !hasKeptLineOver(lines[kind], adLineLimit[kind]) ? found[kind] : undefined;

  const update = (change: Partial<EditedLines>) => setEdited({ ...lines, ...change });

  const handleExport = () => {
    setHasTriedExport(true);
    if (!validation.body) return;
    setLeftOut(null);
    const negativeListIds = negativeLists.ids;
    exportAds.mutate({
      listId: brief.listId,
      body: negativeListIds ? { ...validation.body, negativeListIds } : validation.body,
    });
  };

  return (
    <Stack gap="xl">
      <div className={classes.previewArea}>
        <AdPreviewCard
          advertiser={brief.projectInfo.name}
          displayUrl={displayUrl(host, fields.path1, fields.path2)}
          headlines={shown.headlines}
          descriptions={shown.descriptions}
        />
        <div className={classes.previewToolbar}>
          <Text size="sm" c="dimmed">
            {messages.adWrittenFromKeywords(brief.keywords.length, brief.keywordCount)}
          </Text>
          <Group gap="xs" className={classes.previewButtons}>
            <Button
              variant="default"
              leftSection={<IconArrowsShuffle size={16} />}
              disabled={combinations <= 1}
              onClick={() => setCombination((current) => (current + 1) % combinations)}
            >
              {messages.showAnotherCombination}
            </Button>
            <Button
              variant="subtle"
              leftSection={<IconRefresh size={16} />}
              loading={copyQuery.isFetching}
              onClick={() => void copyQuery.refetch()}
            >
              {messages.regenerateAdCopy}
            </Button>
          </Group>
        </div>
      </div>

      <AdLineList
        kind="headlines"
        lines={lines.headlines}
        maxKept={maxHeadlines}
        error={listError('headlines')}
        onKeptChange={(index, isKept) =>
          update({ headlines: setLineKept(lines.headlines, index, isKept, maxHeadlines) })
        }
        onTextChange={(index, text) => update({ headlines: setLineText(lines.headlines, index, text) })}
      />
      <AdLineList
        kind="descriptions"
        lines={lines.descriptions}
        maxKept={maxDescriptions}
        error={listError('descriptions')}
        onKeptChange={(index, isKept) =>
          update({ descriptions: setLineKept(lines.descriptions, index, isKept, maxDescriptions) })
        }
        onTextChange={(index, text) => update({ descriptions: setLineText(lines.descriptions, index, text) })}
      />

      <AdsEditorExportForm
        fields={fields}
        errors={{
          campaign: fieldError('campaign'),
          adGroup: fieldError('adGroup'),
          finalUrl: fieldError('finalUrl'),
          path1: fieldError('path1'),
          path2: fieldError('path2'),
        }}
        negativeLists={negativeLists}
        leftOut={leftOut}
        isBlocked={hasTriedExport && validation.errors !== undefined}
        isExporting={exportAds.isPending}
        onChange={(change) => setFields((current) => ({ ...current, ...change }))}
        onBlur={(field) => setTouched((current) => new Set(current).add(field))}
        onSubmit={handleExport}
      />
    </Stack>
  );
}
