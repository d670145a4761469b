import type { AnalysisSortColumn } from '@keywright/contract';
import { Box, SegmentedControl, Select } from '@mantine/core';
import { firstOrder, type AnalysisView, type SortOrder } from '../analysis-view';
import type { ChangeView } from '../hooks/use-analysis-view';
import { analysisColumns } from './analysis-rows';
import classes from './analysis.module.css';

/** Narrow screens have no column headers: the order is chosen here. */
export function SortControls({ view, onChange }: { view: AnalysisView; onChange: ChangeView }) {
  const isWords = view.sort === 'keyword';
  return (
    <Box px="md" py="sm" className={classes.sortBar}>
      <Select
        label="Sort by"
        size="xs"
        data={[
          ...analysisColumns.map(({ column, label }) => ({ value: column, label })),
          { value: 'created_at', label: 'Date added' },
        ]}
        value={view.sort}
        allowDeselect={false}
        onChange={(value) => {
          if (value) onChange({ sort: value as AnalysisSortColumn, order: firstOrder(value as AnalysisSortColumn) });
        }}
        comboboxProps={{ withinPortal: true }}
        className={classes.sortSelect}
      />
      <SegmentedControl
        aria-label="Order"
        size="xs"
        data={[
          { value: isWords ? 'asc' : 'desc', label: isWords ? 'A to Z' : 'High to low' },
          { value: isWords ? 'desc' : 'asc', label: isWords ? 'Z to A' : 'Low to high' },
        ]}
        value={view.order}
        onChange={(value) => onChange({ order: value as SortOrder })}
      />
    </Box>
  );
}
