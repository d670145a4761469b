import { keywordSorts, type KeywordPageSort } from '@keywright/contract';
import { Select } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';
import { keywordPageSorts, keywordSortLabels } from '../keywords-address';
import classes from './keywords.module.css';

const toOption = (value: KeywordPageSort) => ({ value, label: keywordSortLabels[value] });
const options = keywordSorts.map(toOption);
const searchConsoleOptions = keywordPageSorts.map(toOption);

/**
 * The keyword table's order: newest first (the usual), oldest first, A to Z or Z to A; with the
 * Search Console columns shown, by their clicks, impressions, CTR or position too.
 */
export function KeywordSortSelect({
  value,
  withSearchConsole = false,
  onChange,
}: {
  value: KeywordPageSort;
  withSearchConsole?: boolean;
  onChange: (sort: KeywordPageSort) => void;
}) {
  // An order by Search Console figures named by the address stays offered while it is in use.
  const isSearchConsoleSort = !keywordSorts.some((each) => each === value);
  const withFigures = withSearchConsole || isSearchConsoleSort;
  return (
    <Select
      aria-label="Sort keywords"
      data={withFigures ? searchConsoleOptions : options}
      value={value}
      onChange={(next) => onChange(keywordPageSorts.find((each) => each === next) ?? value)}
      allowDeselect={false}
      leftSection={<IconArrowsSort size={16} aria-hidden />}
      comboboxProps={{ shadow: 'md', width: 'target' }}
      // With the figure orders, wide enough for the longest ("Fewest impressions") in full.
      className={withFigures ? classes.sortFigures : classes.sort}
    />
  );
}
