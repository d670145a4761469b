import { isPlausibleEmail, messages } from '@keywright/contract';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconUserPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAddTeamMember } from '../api/add-team-member';
import { reportTeamError } from '../report-team-error';
import classes from './team.module.css';

export function AddMemberCard() {
  const [email, setEmail] = useState('');
  const addMember = useAddTeamMember();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isPlausibleEmail(email)) {
      notifyError(messages.invalidEmail);
      return;
    }
    addMember.mutate(
      { email: email.trim() },
      {
        onSuccess: (member) => {
          notifySuccess(messages.invitedToTeam(member.email));
          setEmail('');
        },
        onError: (error) => reportTeamError(error, messages.failedToAddTeamMember, { preferServerText: true }),
      },
    );
  };

  return (
    <Card>
      <Stack gap="md">
        <div>
          <Title order={2}>Add a team member</Title>
          <Text size="sm" c="dimmed" mt={4}>
            Members can open and edit your projects and keyword lists.
          </Text>
        </div>
        <form onSubmit={handleSubmit} noValidate>
          <Group align="flex-end" gap="sm" wrap="nowrap" className={classes.addForm}>
            <TextInput
              label="Email address"
              type="email"
              autoComplete="off"
              placeholder="teammate@example.com"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" leftSection={<IconUserPlus size={18} />} loading={addMember.isPending}>
              Add Member
            </Button>
          </Group>
        </form>
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          {messages.earlyAlphaNotice}
        </Alert>
      </Stack>
    </Card>
  );
}
