import { Avatar, Box, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { initialsOf } from '@/lib/initials';
import { signOut, useCurrentUser } from '@/lib/session';
import classes from './app-layout.module.css';

export function UserMenu() {
  const user = useCurrentUser();
  const initials = initialsOf(user.name, user.email);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const handleSignOut = async () => {
    try {
      await signOut(queryClient);
    } catch (error) {
      console.info('Sign-out request failed; signed out locally', error);
    }
    await navigate('/sign-in', { replace: true });
  };

  return (
    <Menu
      position="bottom-end"
      width={280}
      shadow="md"
      withArrow
      arrowPosition="center"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        {/* Named by its content, "User menu" and the initials it shows (WCAG 2.5.3, label in name). */}
        <UnstyledButton className={classes.userButton}>
          <VisuallyHidden>User menu</VisuallyHidden>
          <Avatar color="indigo" variant="filled" radius="xl" size={36}>
            {initials}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={8}>
          {user.name && (
            <Text size="sm" fw={600} truncate="end">
              {user.name}
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void handleSignOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
