import { ownerBadge, type Project } from '@keywright/contract';
import { Badge } from '@mantine/core';

export function OwnerBadge({ project, currentUserId }: { project: Project; currentUserId: string }) {
  const label = ownerBadge(project, currentUserId);
  const isOwn = project.user_id === currentUserId;
  return (
    <Badge
      variant="light"
      color={isOwn ? 'indigo' : 'gray'}
      size="sm"
      radius="sm"
      tt="none"
      maw="100%"
      style={{ flexShrink: 0 }}
      title={label}
    >
      {label}
    </Badge>
  );
}

/** "United States · New York · English", skipping blanks. */
export function locationLine(project: Pick<Project, 'country' | 'city' | 'language'>): string {
  return [project.country, project.city, project.language]
    .map((value) => value.trim())
    .filter(Boolean)
    .join(' · ');
}
