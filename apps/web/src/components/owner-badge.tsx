import { ownerBadge } from '@keywright/contract';
import { Badge } from '@mantine/core';

/** 'You', the owner's e-mail, or 'Shared': for anything owned (projects, keyword lists). */
export function OwnerBadge({
  owner,
  currentUserId,
}: {
  owner: { user_id: string; owner_email: string | null };
  currentUserId: string;
}) {
  const label = ownerBadge(owner, currentUserId);
  const isOwn = owner.user_id === currentUserId;
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
