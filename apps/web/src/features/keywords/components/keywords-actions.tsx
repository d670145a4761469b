import { messages } from '@keywright/contract';
import { Button, Menu } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { Link, useParams } from 'react-router';
import {
  IconBan,
  IconBulb,
  IconChevronDown,
  IconCurrencyDollar,
  IconDots,
  IconDownload,
  IconFileExport,
  IconFileImport,
  IconFilter,
  IconList,
  IconRefresh,
  IconReportSearch,
  IconSparkles,
} from '@tabler/icons-react';
import { parseId } from '@/lib/ids';
import { useDialog } from '@/lib/use-dialog';
import { EstimatesSourceBadge, useFiguresAreEstimates } from '@/components/figures-source';

// Export campaign is a dialog most visits never open: its code comes when it is asked for.
const CampaignExportDialog = lazy(() =>
  import('@/components/campaign-export/campaign-export-dialog').then((module) => ({
    default: module.CampaignExportDialog,
  })),
);

type ButtonSize = 'xs' | 'sm';

/** Export CSV: one click for all keywords; with a CPC filter applied, a menu of all or filtered. */
export function ExportCsvButton({
  isFiltered,
  isExporting,
  allCount,
  filteredCount,
  size,
  onExport,
}: {
  isFiltered: boolean;
  isExporting: boolean;
  allCount: number;
  /** Unknown while it loads. */
  filteredCount: number | undefined;
  size: ButtonSize;
  onExport: (which: 'all' | 'filtered') => void;
}) {
  const iconSize = size === 'sm' ? 16 : 14;
  if (!isFiltered) {
    return (
      <Button
        variant="default"
        size={size}
        leftSection={<IconDownload size={iconSize} />}
        onClick={() => onExport('all')}
        loading={isExporting}
      >
        Export CSV
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size={size}
          leftSection={<IconDownload size={iconSize} />}
          rightSection={<IconChevronDown size={iconSize} />}
          loading={isExporting}
        >
          Export CSV
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconList size={16} />} onClick={() => onExport('all')}>
          All keywords ({allCount})
        </Menu.Item>
        <Menu.Item leftSection={<IconFilter size={16} />} onClick={() => onExport('filtered')}>
          Filtered keywords{filteredCount === undefined ? '' : ` (${filteredCount})`}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Show CPC, then Refresh CPC once the figures are loaded for this visit. */
export function CpcButton({
  isLoaded,
  isLoading,
  size,
  onClick,
}: {
  isLoaded: boolean;
  isLoading: boolean;
  size: ButtonSize;
  onClick: () => void;
}) {
  const iconSize = size === 'sm' ? 16 : 14;
  return (
    <Button
      variant={isLoaded ? 'default' : 'light'}
      size={size}
      leftSection={isLoaded ? <IconRefresh size={iconSize} /> : <IconCurrencyDollar size={iconSize} />}
      onClick={onClick}
      loading={isLoading}
    >
      {isLoaded ? 'Refresh CPC' : 'Show CPC'}
    </Button>
  );
}

/**
 * More Actions: Generate More Keywords, Get Google Ads Suggestions, Import from Keyword Planner,
 * Export campaign (the project of the page's address).
 */
export function MoreActionsMenu({
  size,
  isFetchingSuggestions,
  onGenerateMore,
  onGetSuggestions,
  onImportKeywordPlanner,
}: {
  size: ButtonSize;
  isFetchingSuggestions: boolean;
  onGenerateMore: () => void;
  onGetSuggestions: () => void;
  onImportKeywordPlanner: () => void;
}) {
  const iconSize = size === 'sm' ? 16 : 14;
  const projectId = parseId(useParams().projectId);
  const campaignDialog = useDialog();
  const isEstimates = useFiguresAreEstimates();
  const suggestionsSourceId = useId();
  return (
    <>
      <Menu position="bottom-end" shadow="md" width={270} withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size={size}
            leftSection={<IconDots size={iconSize} />}
            rightSection={<IconChevronDown size={iconSize} />}
          >
            More Actions
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconSparkles size={16} />} onClick={onGenerateMore}>
            Generate More Keywords
          </Menu.Item>
          <Menu.Item
            leftSection={<IconBulb size={16} />}
            rightSection={<EstimatesSourceBadge id={suggestionsSourceId} />}
            aria-describedby={isEstimates ? suggestionsSourceId : undefined}
            onClick={onGetSuggestions}
            disabled={isFetchingSuggestions}
          >
            Get Google Ads Suggestions
          </Menu.Item>
          <Menu.Item leftSection={<IconFileImport size={16} />} onClick={onImportKeywordPlanner}>
            {messages.importFromKeywordPlanner}
          </Menu.Item>
          {projectId !== null && (
            <Menu.Item
              component={Link}
              to={`/projects/${projectId}/search-terms`}
              leftSection={<IconReportSearch size={16} />}
            >
              {messages.searchTermsMenuItem}
            </Menu.Item>
          )}
          {projectId !== null && (
            <Menu.Item leftSection={<IconFileExport size={16} />} onClick={() => campaignDialog.open()}>
              {messages.exportCampaign}
            </Menu.Item>
          )}
          {projectId !== null && (
            <Menu.Item
              component={Link}
              to={`/projects/${projectId}/negative-keywords`}
              leftSection={<IconBan size={16} />}
            >
              {messages.negativeKeywordsTitle}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {projectId !== null && campaignDialog.hasOpened && (
        <Suspense fallback={null}>
          <CampaignExportDialog projectId={projectId} opened={campaignDialog.opened} onClose={campaignDialog.close} />
        </Suspense>
      )}
    </>
  );
}
