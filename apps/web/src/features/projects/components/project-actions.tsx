import type { Project } from '@keywright/contract';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/** Edit for everyone who sees the project; Delete only for its owner. */
export function ProjectActions({
  project,
  canDelete,
  onEdit,
  onDelete,
}: {
  project: Project;
  canDelete: boolean;
  onEdit: (project: Project) => void;
  onDelete: (project: Project) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Edit project">
        <ActionIcon color="gray" size="lg" aria-label={`Edit ${project.name}`} onClick={() => onEdit(project)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      {canDelete && (
        <Tooltip label="Delete project">
          <ActionIcon color="red" size="lg" aria-label={`Delete ${project.name}`} onClick={() => onDelete(project)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
