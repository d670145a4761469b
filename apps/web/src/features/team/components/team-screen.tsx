import { messages } from '@keywright/contract';
import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { PageHeader } from '@/components/page-header';
import { useTeamMembers } from '../api/get-team-members';
import { reportTeamError } from '../report-team-error';
import { AddMemberCard } from './add-member-card';
import { TeamMembersCard } from './team-members-card';
import { YourAccessCard } from './your-access-card';

export function TeamScreen() {
  const membersQuery = useTeamMembers();
  const { error, errorUpdatedAt } = membersQuery;
  useEffect(() => {
    if (error) reportTeamError(error, messages.failedToLoadTeamMembers);
  }, [error, errorUpdatedAt]);

  const rows = membersQuery.data ?? [];
  const memberships = rows.filter((row) => row.is_self);
  const members = rows.filter((row) => !row.is_self);

  return (
    <>
      <PageHeader title="Team" description="Share your projects and keyword lists with teammates" />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <AddMemberCard />
          {membersQuery.isPending ? <LoadingCard /> : <YourAccessCard memberships={memberships} />}
        </SimpleGrid>
        {membersQuery.isPending ? <LoadingCard /> : <TeamMembersCard members={members} />}
      </Stack>
    </>
  );
}

function LoadingCard() {
  return (
    <Card role="status" aria-label="Loading team">
      <Stack gap="sm">
        <Skeleton height={20} width="40%" />
        <Skeleton height={14} width="80%" />
        <Skeleton height={14} width="60%" />
      </Stack>
    </Card>
  );
}
