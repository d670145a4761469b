import { keywordSorts, type KeywordSort } from '@keywright/contract';
import { Select } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';
import { keywordSortLabels } from '../keywords-address';
import classes from './keywords.module.css';

const options = keywordSorts.map((value) => ({ value, label: keywordSortLabels[value] }));

/** The keyword table's order: newest first (the usual), oldest first, A to Z or Z to A. */
export function KeywordSortSelect({ value, onChange }: { value: KeywordSort; onChange: (sort: KeywordSort) => void }) {
  return (
    <Select
      aria-label="Sort keywords"
      data={options}
      value={value}
      onChange={(next) => onChange(keywordSorts.find((each) => each === next) ?? value)}
      allowDeselect={false}
      leftSection={<IconArrowsSort size={16} aria-hidden />}
      comboboxProps={{ shadow: 'md', width: 'target' }}
      className={classes.sort}
    />
  );
}
