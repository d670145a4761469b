import { Pagination } from '@mantine/core';

/** Mantine's Pagination as a labelled navigation landmark; page buttons are named by their numbers. */
export function PagePagination({
  label,
  total,
  value,
  onChange,
}: {
  label: string;
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  return (
    <Pagination
      role="navigation"
      aria-label={label}
      total={total}
      value={value}
      onChange={onChange}
      size="sm"
      siblings={1}
      boundaries={1}
      getControlProps={(control) => ({
        'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : undefined,
      })}
    />
  );
}
