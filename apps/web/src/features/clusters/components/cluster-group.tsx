import { formatCpcRange, type KeywordCluster } from '@keywright/contract';
import { ActionIcon, Button, Checkbox, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  IconArrowsRightLeft,
  IconChevronDown,
  IconChevronRight,
  IconDots,
  IconListCheck,
  IconPencil,
} from '@tabler/icons-react';
import { useState } from 'react';
import { IntentBadges } from '@/components/intent-badges';
import { CompetitionBadge } from '@/components/keyword-figures';
import { formatSearchVolume } from '@/lib/figures';
import card from '@/components/data-card/data-card.module.css';
import { clusterCpcRange, keywordCountLabel } from '../clusters-view';
import { IntentMix } from './intent-mix';
import classes from './clusters.module.css';

export type ClusterKeyword = KeywordCluster['keywords'][number];

/** An expanded group shows this many keywords at first; the rest on asking. */
const shownKeywords = 50;

export interface ClusterGroupHandlers {
  onToggle: (cluster: KeywordCluster) => void;
  onSelect: (cluster: KeywordCluster, isSelected: boolean) => void;
  onRename: (cluster: KeywordCluster) => void;
  onSaveAsList: (cluster: KeywordCluster) => void;
  onMoveKeyword: (keyword: ClusterKeyword, cluster: KeywordCluster) => void;
}

const detailsId = (cluster: KeywordCluster) => `cluster-${cluster.id}-keywords`;

/** The column names over the groups on wide screens (each group's figures name themselves for screen readers). */
export function ClusterGroupsHeader() {
  return (
    <div className={classes.groupsHeader} aria-hidden>
      <span />
      <span />
      <span>Group</span>
      <span>Volume</span>
      <span>CPC range</span>
      <span>Intent</span>
      <span />
    </div>
  );
}

/** Clicks on a control inside a group's line do their own thing; elsewhere they expand it. */
const isInteractiveTarget = (target: EventTarget) =>
  target instanceof Element && target.closest('a, button, input, label, [role="menuitem"]') !== null;

/** One group: select, expand, its name, count, volume, CPC range and intent mix, its menu; its keywords when expanded. */
export function ClusterGroup({
  cluster,
  isExpanded,
  isSelected,
  isWide,
  ...handlers
}: ClusterGroupHandlers & {
  cluster: KeywordCluster;
  isExpanded: boolean;
  isSelected: boolean;
  isWide: boolean;
}) {
  const headingId = `cluster-${cluster.id}-name`;
  return (
    <li className={classes.group} data-expanded={isExpanded || undefined} aria-labelledby={headingId}>
      <div
        className={classes.groupHead}
        onClick={(event) => {
          if (!isInteractiveTarget(event.target)) handlers.onToggle(cluster);
        }}
      >
        <Checkbox
          className={classes.select}
          aria-label={`Select group ${cluster.name}`}
          checked={isSelected}
          onChange={(event) => handlers.onSelect(cluster, event.currentTarget.checked)}
        />
        <ActionIcon
          className={classes.expand}
          variant={isExpanded ? 'light' : 'subtle'}
          color={isExpanded ? 'indigo' : 'gray'}
          size="lg"
          aria-label={`Show keywords of group ${cluster.name}`}
          aria-expanded={isExpanded}
          aria-controls={isExpanded ? detailsId(cluster) : undefined}
          onClick={() => handlers.onToggle(cluster)}
        >
          {isExpanded ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
        </ActionIcon>
        <div className={classes.name}>
          <Text id={headingId} fw={600} className={classes.groupName}>
            {cluster.name}
          </Text>
          <Text size="xs" c="dimmed">
            {keywordCountLabel(cluster.keywordCount)}
          </Text>
        </div>
        <div className={classes.figures}>
          <dl className={`${classes.figure} ${classes.volume}`}>
            <dt className={classes.figureLabel}>Volume</dt>
            <dd className={classes.figureValue}>{formatSearchVolume(cluster.totalVolume)}</dd>
          </dl>
          <dl className={`${classes.figure} ${classes.cpc}`}>
            <dt className={classes.figureLabel}>CPC</dt>
            <dd className={classes.figureValue}>{clusterCpcRange(cluster)}</dd>
          </dl>
        </div>
        <div className={classes.intent}>
          <IntentMix cluster={cluster} />
        </div>
        <div className={classes.menu}>
          <Menu position="bottom-end" shadow="md" width={200} withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Actions for group ${cluster.name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => handlers.onRename(cluster)}>
                Rename group…
              </Menu.Item>
              <Menu.Item leftSection={<IconListCheck size={16} />} onClick={() => handlers.onSaveAsList(cluster)}>
                Save as list
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </div>
      </div>
      {isExpanded && (
        <div id={detailsId(cluster)} className={classes.details}>
          <ClusterKeywords cluster={cluster} isWide={isWide} onMoveKeyword={handlers.onMoveKeyword} />
        </div>
      )}
    </li>
  );
}

function KeywordMenu({
  keyword,
  cluster,
  onMoveKeyword,
}: {
  keyword: ClusterKeyword;
  cluster: KeywordCluster;
  onMoveKeyword: ClusterGroupHandlers['onMoveKeyword'];
}) {
  return (
    <Menu position="bottom-end" shadow="md" width={200} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for keyword ${keyword.keyword}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconArrowsRightLeft size={16} />} onClick={() => onMoveKeyword(keyword, cluster)}>
          Move to group…
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A group's keywords, most searched first: a table on wide screens, a list of lines on phones. */
function ClusterKeywords({
  cluster,
  isWide,
  onMoveKeyword,
}: {
  cluster: KeywordCluster;
  isWide: boolean;
  onMoveKeyword: ClusterGroupHandlers['onMoveKeyword'];
}) {
  const [isShowingAll, setShowingAll] = useState(false);
  const keywords = isShowingAll ? cluster.keywords : cluster.keywords.slice(0, shownKeywords);
  const hidden = cluster.keywords.length - keywords.length;
  const more = hidden > 0 && (
    <Button variant="subtle" size="xs" mt="xs" onClick={() => setShowingAll(true)}>
      Show all {cluster.keywords.length} keywords
    </Button>
  );
  if (!isWide) {
    return (
      <>
        <ul className={card.plainList} aria-label={`Keywords of group ${cluster.name}`}>
          {keywords.map((keyword) => (
            <li key={keyword.id} className={classes.keywordItem}>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} className={card.keywordText}>
                  {keyword.keyword}
                </Text>
                <div className={classes.keywordFigures}>
                  <span>
                    <span className={classes.figureName}>Volume</span>{' '}
                    {formatSearchVolume(keyword.avg_monthly_searches)}
                  </span>
                  <span>
                    <span className={classes.figureName}>CPC</span>{' '}
                    {formatCpcRange(keyword.cpc_low, keyword.cpc_high, keyword.currency)}
                  </span>
                  {keyword.intent.length > 0 && (
                    <span className={classes.keywordIntent}>
                      <span className={classes.figureName}>Intent</span>
                      <IntentBadges intents={keyword.intent} size="xs" />
                    </span>
                  )}
                </div>
              </div>
              <KeywordMenu keyword={keyword} cluster={cluster} onMoveKeyword={onMoveKeyword} />
            </li>
          ))}
        </ul>
        {more}
      </>
    );
  }
  return (
    <>
      <Table className={card.columnHeads} verticalSpacing={6} aria-label={`Keywords of group ${cluster.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Keyword</Table.Th>
            <Table.Th>Intent</Table.Th>
            <Table.Th ta="right">Volume</Table.Th>
            <Table.Th>Competition</Table.Th>
            <Table.Th ta="right">CPC</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keywords.map((keyword) => (
            <Table.Tr key={keyword.id}>
              <Table.Td>
                <Text size="sm" className={card.keywordText}>
                  {keyword.keyword}
                </Text>
              </Table.Td>
              <Table.Td>
                <IntentBadges intents={keyword.intent} />
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatSearchVolume(keyword.avg_monthly_searches)}
              </Table.Td>
              <Table.Td>
                <CompetitionBadge value={keyword.competition} />
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatCpcRange(keyword.cpc_low, keyword.cpc_high, keyword.currency)}
              </Table.Td>
              <Table.Td>
                <KeywordMenu keyword={keyword} cluster={cluster} onMoveKeyword={onMoveKeyword} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {more}
    </>
  );
}
