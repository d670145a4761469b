import { projectFilterOptions, type Project, type ProjectFilterField, type ProjectFilters } from '@keywright/contract';
import { Button, Group, MultiSelect, Paper, SimpleGrid } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';

const fields: ReadonlyArray<{ field: ProjectFilterField; label: string; placeholder: string }> = [
  { field: 'country', label: 'Country', placeholder: 'Any country' },
  { field: 'city', label: 'City', placeholder: 'Any city' },
  { field: 'language', label: 'Language', placeholder: 'Any language' },
];

export function ProjectFiltersPanel({
  projects,
  filters,
  activeCount,
  onChange,
  onClear,
}: {
  projects: readonly Project[];
  filters: ProjectFilters;
  activeCount: number;
  onChange: (filters: ProjectFilters) => void;
  onClear: () => void;
}) {
  return (
    <Paper withBorder p="md" mb="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {fields.map(({ field, label, placeholder }) => {
          const options = projectFilterOptions(projects, field);
          return (
            <MultiSelect
              key={field}
              label={label}
              placeholder={filters[field].length ? undefined : placeholder}
              data={options}
              value={filters[field]}
              onChange={(value) => onChange({ ...filters, [field]: value })}
              searchable
              clearable
              nothingFoundMessage="No matches"
              disabled={options.length === 0 && filters[field].length === 0}
              // Closed lists stay out of the DOM: they are labelled "Country" etc. too.
              comboboxProps={{ shadow: 'md', keepMounted: false }}
            />
          );
        })}
      </SimpleGrid>
      {activeCount > 0 && (
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" size="xs" leftSection={<IconFilterOff size={14} />} onClick={onClear}>
            Clear filters
          </Button>
        </Group>
      )}
    </Paper>
  );
}
