import { messages } from '@keywright/contract';
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useProjects } from './api/get-projects';

const noProjectValue = 'none';

/**
 * A project, or 'No Project' (null). `fallbackName` names the current project
 * while the projects load, or when it is not among them.
 */
export function ProjectSelect({
  value,
  fallbackName,
  onChange,
  label = 'Project',
  description,
}: {
  value: number | null;
  fallbackName?: string | null;
  onChange: (projectId: number | null) => void;
  label?: string;
  description?: string;
}) {
  const projectsQuery = useProjects();
  const data = useMemo(() => {
    const projects = (projectsQuery.data ?? [])
      .map((project) => ({ value: String(project.id), label: project.name }))
      .sort((a, b) => a.label.localeCompare(b.label));
    if (value !== null && !projects.some((option) => option.value === String(value))) {
      projects.unshift({ value: String(value), label: fallbackName ?? String(value) });
    }
    return [{ value: noProjectValue, label: messages.noProject }, ...projects];
  }, [projectsQuery.data, value, fallbackName]);

  return (
    <Select
      label={label}
      description={description}
      data={data}
      value={value === null ? noProjectValue : String(value)}
      onChange={(next) => onChange(next === null || next === noProjectValue ? null : Number(next))}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No matching project"
      comboboxProps={{ shadow: 'md', keepMounted: false }}
    />
  );
}
