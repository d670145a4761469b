import { messages, type TeamMember } from '@keywright/contract';
import { Button, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDoorExit, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifySuccess } from '@/lib/notify';
import { useLeaveTeams } from '../api/leave-teams';
import { reportTeamError } from '../report-team-error';

/** The teams the signed-in user belongs to (rows with is_self true). */
export function YourAccessCard({ memberships }: { memberships: readonly TeamMember[] }) {
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const leaveTeams = useLeaveTeams();
  const owners = [...new Set(memberships.map((row) => row.added_by_email ?? 'Unknown owner'))];

  const handleLeave = () =>
    leaveTeams.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(messages.leftAllTeams);
        setIsConfirmOpen(false);
      },
      onError: (error) => {
        reportTeamError(error, messages.failedToLeaveTeams);
        setIsConfirmOpen(false);
      },
    });

  return (
    <Card>
      <Stack gap="md">
        <Title order={2}>Your access</Title>
        {owners.length > 0 ? (
          <>
            <Text size="sm">You are a member of these teams:</Text>
            <List
              spacing="xs"
              size="sm"
              center
              icon={
                <ThemeIcon size={24} radius="xl" variant="light" aria-hidden>
                  <IconUsersGroup size={14} />
                </ThemeIcon>
              }
            >
              {owners.map((owner) => (
                <List.Item key={owner} style={{ overflowWrap: 'anywhere' }}>
                  {owner}
                </List.Item>
              ))}
            </List>
            <div>
              <Button
                variant="light"
                color="red"
                leftSection={<IconDoorExit size={18} />}
                onClick={() => setIsConfirmOpen(true)}
              >
                Leave All Teams
              </Button>
            </div>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            You are not a member of any other team.
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={isConfirmOpen}
        title={messages.leaveTeamsTitle}
        body={messages.leaveTeamsBody}
        confirmLabel="Leave"
        isLoading={leaveTeams.isPending}
        onConfirm={handleLeave}
        onClose={() => setIsConfirmOpen(false)}
      />
    </Card>
  );
}
