import { messages, type AdLineKind, type KeywordList } from '@keywright/contract';
import { Button, Text } from '@mantine/core';
import { IconAd2, IconAlignLeft, IconHeading } from '@tabler/icons-react';
import { lazy, Suspense, useId } from 'react';
import { notifyInfo } from '@/lib/notify';
import { useDialog } from '@/lib/use-dialog';
import { useAdLinesDownload } from '../hooks/use-ad-lines-download';
import classes from './ad-copy.module.css';

// The preview is a large dialog most visits never open: its code comes when it is asked for.
const AdPreviewDialog = lazy(() =>
  import('./ad-preview-dialog').then((module) => ({ default: module.AdPreviewDialog })),
);

const buttonText = { headlines: messages.generateHeadlines, descriptions: messages.generateDescriptions } as const;
const buttonIcon = { headlines: IconHeading, descriptions: IconAlignLeft } as const;

/**
 * An expanded list's ad copy: Generate Headlines and Generate Descriptions (CSV downloads) and
 * the Ad preview. A list without a project cannot have ads written: the buttons say why.
 */
export function AdCopyActions({
  list,
  keywordCount,
  isWide,
}: {
  list: KeywordList;
  /** The list's keywords as last loaded (the brief, read on each press, has the final word). */
  keywordCount: number;
  isWide: boolean;
}) {
  const hintId = useId();
  const hasProject = list.project_id !== null;
  const headlines = useAdLinesDownload(list.id, 'headlines');
  const descriptions = useAdLinesDownload(list.id, 'descriptions');
  const preview = useDialog();

  const handlePreview = () => {
    if (keywordCount === 0) {
      notifyInfo(messages.noKeywordsInList);
      return;
    }
    preview.open();
  };

  const generateButton = (kind: AdLineKind) => {
    const download = kind === 'headlines' ? headlines : descriptions;
    const Icon = buttonIcon[kind];
    return (
      <Button
        variant="default"
        leftSection={<Icon size={16} />}
        loading={download.isPending}
        disabled={!hasProject}
        aria-describedby={hasProject ? undefined : hintId}
        onClick={() => download.mutate()}
        className={classes.actionButton}
      >
        {buttonText[kind]}
      </Button>
    );
  };

  return (
    <div className={classes.actions} role="group" aria-label={messages.adCopyFor(list.name)}>
      <div className={classes.actionButtons}>
        {generateButton('headlines')}
        {generateButton('descriptions')}
        <Button
          variant="light"
          leftSection={<IconAd2 size={16} />}
          disabled={!hasProject}
          aria-describedby={hasProject ? undefined : hintId}
          onClick={handlePreview}
          className={classes.actionButton}
        >
          {messages.adPreview}
        </Button>
      </div>
      {!hasProject && (
        <Text id={hintId} size="xs" c="dimmed">
          {messages.listNeedsProjectForAds}
        </Text>
      )}
      {preview.hasOpened && (
        <Suspense fallback={null}>
          <AdPreviewDialog list={list} opened={preview.opened} fullScreen={!isWide} onClose={preview.close} />
        </Suspense>
      )}
    </div>
  );
}
