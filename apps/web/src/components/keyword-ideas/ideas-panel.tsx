import type { KeywordIdea } from '@keywright/contract';
import { Badge, Button, Card, Group, Loader, ScrollArea, Text, Title, type CardProps } from '@mantine/core';
import { IconBulb, IconEyeOff } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { EstimatedBadge } from '@/components/keyword-figures';
import { hasEstimates } from '@/lib/figures';
import classes from './keyword-ideas.module.css';

export interface IdeasPanelProps {
  title: string;
  /** Undefined while they load. */
  ideas: readonly KeywordIdea[] | undefined;
  isWide: boolean;
  onHide: () => void;
  /** The Hide button's accessible name, when "Hide" alone would not say what it hides. */
  hideLabel?: string;
  titleSize: 'h4' | 'h5';
  card?: Pick<CardProps, 'className' | 'shadow' | 'withBorder'>;
  /** Shown in place of the ideas when there are none. */
  empty?: ReactNode;
  children: (ideas: readonly KeywordIdea[]) => ReactNode;
}

/** A panel of keyword ideas: its title with their count (and Estimated), Hide, then loading or the ideas. */
export function IdeasPanel({
  title,
  ideas,
  isWide,
  onHide,
  hideLabel,
  titleSize,
  card,
  empty,
  children,
}: IdeasPanelProps) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} padding={0} {...card}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start" px={{ base: 'sm', sm: 'md' }} py="xs">
        <Group gap={8} wrap="wrap" style={{ minWidth: 0 }} className={classes.panelTitle}>
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconBulb size={18} aria-hidden className={classes.panelIcon} />
            <Title order={3} id={titleId} size={titleSize}>
              {title}
            </Title>
          </Group>
          {ideas && (
            <Group gap={6} wrap="nowrap">
              <Badge variant="light" radius="sm" color="gray">
                {ideas.length}
              </Badge>
              {hasEstimates(ideas) && <EstimatedBadge size="xs" />}
            </Group>
          )}
        </Group>
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          leftSection={<IconEyeOff size={14} />}
          aria-label={hideLabel}
          onClick={onHide}
          style={{ flexShrink: 0 }}
        >
          Hide
        </Button>
      </Group>
      {ideas === undefined ? (
        <Group gap="sm" justify="center" py="lg" role="status" className={classes.panelBody}>
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Fetching suggestions…
          </Text>
        </Group>
      ) : ideas.length === 0 && empty ? (
        <div className={classes.panelBody}>{empty}</div>
      ) : (
        <ScrollArea.Autosize mah={isWide ? 360 : 420} type="auto" offsetScrollbars="y" className={classes.panelBody}>
          {children(ideas)}
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
