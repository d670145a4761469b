import { messages, type TeamMember } from '@keywright/contract';
import { ActionIcon, Avatar, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatDate } from '@/lib/dates';
import { initialsOf } from '@/lib/initials';
import { notifySuccess } from '@/lib/notify';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { reportTeamError } from '../report-team-error';
import classes from './team.module.css';

/** The signed-in user's own team (rows with is_self false). */
export function TeamMembersCard({ members }: { members: readonly TeamMember[] }) {
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState('');
  const removeMember = useRemoveTeamMember();

  const askToRemove = (email: string) => {
    setLastEmail(email);
    setPendingEmail(email);
  };

  const handleRemove = () => {
    if (!pendingEmail) return;
    const email = pendingEmail;
    removeMember.mutate(
      { email },
      {
        onSuccess: () => {
          notifySuccess(messages.removedFromTeam(email));
          setPendingEmail(null);
        },
        onError: (error) => {
          reportTeamError(error, messages.failedToRemoveTeamMember);
          setPendingEmail(null);
        },
      },
    );
  };

  return (
    <Card padding={0}>
      <Group justify="space-between" p="lg" className={classes.cardHead}>
        <Title order={2}>Team members</Title>
        <Text size="sm" c="dimmed">
          {members.length} {members.length === 1 ? 'member' : 'members'}
        </Text>
      </Group>
      {members.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="xl" px="md">
          No team members yet.
        </Text>
      ) : (
        <Stack gap={0} component="ul" className={classes.memberList}>
          {members.map((member) => (
            <Group key={member.email} component="li" justify="space-between" wrap="nowrap" px="lg" py="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar radius="xl" color="indigo" variant="light" aria-hidden>
                  {initialsOf('', member.email)}
                </Avatar>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {member.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Added {formatDate(member.added_at)}
                  </Text>
                </div>
              </Group>
              <Tooltip label="Remove from team">
                <ActionIcon
                  color="red"
                  size="lg"
                  aria-label={`Remove ${member.email}`}
                  onClick={() => askToRemove(member.email)}
                >
                  <IconUserMinus size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={pendingEmail !== null}
        title={messages.removeMemberTitle}
        body={messages.removeMemberBody(lastEmail)}
        confirmLabel="Remove"
        isLoading={removeMember.isPending}
        onConfirm={handleRemove}
        onClose={() => setPendingEmail(null)}
      />
    </Card>
  );
}
