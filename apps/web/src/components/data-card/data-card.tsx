import { Anchor, Box, Card, Group, Skeleton, Stack, Text, ThemeIcon, type GroupProps } from '@mantine/core';
import { useRef, type ReactNode, type Ref } from 'react';
import { PagePagination } from '@/components/page-pagination';
import classes from './data-card.module.css';

/**
 * A screen's data card (keywords, analysis, ad groups): a head with the title and actions, a
 * body of rows and a foot with the pager. Each piece is here once; the cards compose them.
 */
export function DataCard({
  cardRef,
  component,
  'aria-labelledby': labelledBy,
  children,
}: {
  cardRef?: Ref<HTMLDivElement>;
  /** `section` when the card is a landmark named by its title. */
  component?: 'section';
  'aria-labelledby'?: string;
  children: ReactNode;
}) {
  return (
    <Card padding={0} ref={cardRef} className={classes.card} component={component} aria-labelledby={labelledBy}>
      {children}
    </Card>
  );
}

/** The card's head: its title, count and actions. */
export function DataCardHead({ gap, children }: { gap: 'sm' | 'md'; children: ReactNode }) {
  return (
    <Stack gap={gap} p={{ base: 'md', sm: 'lg' }} className={classes.head}>
      {children}
    </Stack>
  );
}

/** The band under the head: the search, the filters and the count of what is shown. */
export function DataCardToolbar({ children, ...props }: Omit<GroupProps, 'px' | 'py' | 'className'>) {
  return (
    <Group px={{ base: 'md', sm: 'lg' }} py="sm" className={classes.band} {...props}>
      {children}
    </Group>
  );
}

/** A panel across the card (the suggestions), on the toolbar's grey. */
export function DataCardPanel({ children }: { children: ReactNode }) {
  return (
    <Box px={{ base: 'xs', sm: 'lg' }} py={{ base: 'sm', sm: 'md' }} className={classes.band}>
      {children}
    </Box>
  );
}

/** The rows, dimmed while the next page is on its way. */
export function DataCardRows({ isLoading, children }: { isLoading: boolean; children: ReactNode }) {
  return (
    <Box className={classes.rows} data-loading={isLoading || undefined}>
      {children}
    </Box>
  );
}

/** The card's foot, above its bottom edge. */
export function DataCardFoot({ children, ...props }: Omit<GroupProps, 'p' | 'className'>) {
  return (
    <Group p="md" className={classes.foot} {...props}>
      {children}
    </Group>
  );
}

/** The pages of the rows, in the foot (none for a single page): right on wide screens, centred on phones. */
export function DataCardPager({
  label,
  total,
  value,
  isWide,
  onChange,
}: {
  label: string;
  total: number;
  value: number;
  isWide: boolean;
  onChange: (page: number) => void;
}) {
  if (total <= 1) return null;
  return (
    <DataCardFoot justify={isWide ? 'flex-end' : 'center'}>
      <PagePagination label={label} total={total} value={value} onChange={onChange} />
    </DataCardFoot>
  );
}

/**
 * The card's ref and a page change that brings the card's top back into view when it was
 * scrolled past (the new page's rows start there).
 */
export function useCardPaging(onPage: (page: number) => void) {
  const cardRef = useRef<HTMLDivElement>(null);
  const handlePageChange = (page: number) => {
    onPage(page);
    const card = cardRef.current;
    if (card && card.getBoundingClientRect().top < 0) card.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  return { cardRef, handlePageChange };
}

/** The rows' place while the first page loads. */
export function DataCardSkeleton({
  label,
  rows,
  widths,
  mih,
  wrap,
  children,
}: {
  label: string;
  rows: number;
  /** The widths of the two bars of a row. */
  widths: [string, string];
  mih?: number;
  wrap?: 'nowrap';
  /** Said above the bars. */
  children?: ReactNode;
}) {
  return (
    <Stack gap="md" p="lg" role="status" aria-label={label} mih={mih}>
      {children}
      {Array.from({ length: rows }, (_, row) => (
        <Group key={row} justify="space-between" wrap={wrap}>
          <Skeleton height={14} width={widths[0]} />
          <Skeleton height={14} width={widths[1]} />
        </Group>
      ))}
    </Stack>
  );
}

/** The first page could not be loaded: says so, with Try again. */
export function DataCardLoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Text c="dimmed" ta="center" p="xl">
      {text}{' '}
      <Anchor component="button" type="button" onClick={onRetry}>
        Try again
      </Anchor>
    </Text>
  );
}

/** A card with nothing in it yet: an icon, what is missing and how to add it. */
export function DataCardEmpty({
  icon,
  title,
  titleAs,
  hint,
  hintWidth,
  children,
}: {
  icon: ReactNode;
  title: string;
  /** `h3` where the empty state is a heading of the page's outline. */
  titleAs?: 'h3';
  hint: string;
  hintWidth: number;
  children?: ReactNode;
}) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center">
      <ThemeIcon size={52} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600} size="lg" component={titleAs}>
        {title}
      </Text>
      <Text c="dimmed" size="sm" maw={hintWidth}>
        {hint}
      </Text>
      {children}
    </Stack>
  );
}

/** Rows there are, but none match the search or filters: says so, and how to widen them. */
export function DataCardNoMatch({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack align="center" gap={4} py="xl" px="md" ta="center">
      <Text fw={600} className={classes.keywordText}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

export { classes as dataCardClasses };
