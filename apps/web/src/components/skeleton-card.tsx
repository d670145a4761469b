import { Card, Group, Skeleton, Stack } from '@mantine/core';

/** A list's place while it loads: four rows of bars, as wide as the columns they stand for. */
export function SkeletonCard({ label, widths }: { label: string; widths: readonly string[] }) {
  return (
    <Card role="status" aria-label={label}>
      <Stack gap="md">
        {[0, 1, 2, 3].map((row) => (
          <Group key={row} gap="md" wrap="nowrap">
            {widths.map((width, column) => (
              <Skeleton key={column} height={14} width={width} />
            ))}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
