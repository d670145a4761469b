import { messages } from '@keywright/contract';
import { Button, Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconEye, IconListDetails, IconPlus } from '@tabler/icons-react';

/** No lists at all: where lists come from, and a New list button. */
export function NoListsYet({ onCreate }: { onCreate: () => void }) {
  return (
    <Card py={48}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconListDetails size={28} />
        </ThemeIcon>
        <Text fw={700} size="lg" component="h2">
          No keyword lists yet
        </Text>
        <Text c="dimmed" size="sm" maw={420}>
          Save keywords to a list from a project&apos;s keywords page (the list button on each keyword), or start an
          empty list here and add keywords to it by name.
        </Text>
        <Button mt="xs" leftSection={<IconPlus size={18} />} onClick={onCreate}>
          New list
        </Button>
      </Stack>
    </Card>
  );
}

/** The team toggle is off and hides every list: say so, and offer to turn it on. */
export function OnlyTeamLists({
  teamListCount,
  onShowTeamLists,
}: {
  teamListCount: number;
  onShowTeamLists: () => void;
}) {
  return (
    <Card py={48}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconListDetails size={28} />
        </ThemeIcon>
        <Text fw={700} size="lg" component="h2">
          None of your own lists
        </Text>
        <Text c="dimmed" size="sm" maw={420}>
          {teamListCount === 1 ? 'The one list here is' : `All ${teamListCount} lists here are`} shared with you by your
          team, and &lsquo;{messages.showTeamLists}&rsquo; is off.
        </Text>
        <Button mt="xs" variant="light" leftSection={<IconEye size={18} />} onClick={onShowTeamLists}>
          {messages.showTeamLists}
        </Button>
      </Stack>
    </Card>
  );
}
