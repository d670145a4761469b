import { messages } from '@keywright/contract';
import { Checkbox, type CheckboxProps } from '@mantine/core';

/** What a table of keywords needs to show and change its selection. */
export interface SelectionProps<Row extends { id: number; keyword: string }> {
  isSelected: (id: number) => boolean;
  select: (rows: readonly Row[], isSelected: boolean) => void;
}

/** Chooses one keyword's row: 'Select physio leeds'. */
export function RowCheckbox<Row extends { id: number; keyword: string }>({
  row,
  selection,
  className,
}: {
  row: Row;
  selection: SelectionProps<Row>;
  className?: string;
}) {
  return (
    <Checkbox
      aria-label={messages.selectKeyword(row.keyword)}
      checked={selection.isSelected(row.id)}
      onChange={(event) => selection.select([row], event.currentTarget.checked)}
      className={className}
    />
  );
}

/** Chooses every row of the page, or lets them go; shows a dash while only some are chosen. */
export function SelectAllCheckbox<Row extends { id: number; keyword: string }>({
  rows,
  selection,
  ...props
}: {
  rows: readonly Row[];
  selection: SelectionProps<Row>;
} & Pick<CheckboxProps, 'className' | 'size'>) {
  const count = rows.filter((row) => selection.isSelected(row.id)).length;
  const isAll = rows.length > 0 && count === rows.length;
  return (
    <Checkbox
      {...props}
      aria-label={messages.selectAllOnPage}
      checked={isAll}
      indeterminate={count > 0 && !isAll}
      disabled={rows.length === 0}
      onChange={() => selection.select(rows, !isAll)}
    />
  );
}
