import { Drawer, NavLink, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EstimatesSourceBadge, useFiguresAreEstimates } from '../figures-source';
import { navItems } from './nav-items';

const drawerSourceId = 'drawer-figures-source';

/**
 * The navigation on narrow screens, in a drawer the burger opens. Its code is
 * loaded once the first screen is shown (app-layout.tsx).
 */
export default function NavDrawer({
  opened,
  onClose,
  pathname,
}: {
  opened: boolean;
  onClose: () => void;
  pathname: string;
}) {
  // Mounted open (the burger pressed before this code came), it opens a frame later, so it slides in.
  const [isMounted, setIsMounted] = useState(false);
  const isEstimates = useFiguresAreEstimates();
  useEffect(() => {
    const frame = requestAnimationFrame(() => setIsMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <Drawer opened={opened && isMounted} onClose={onClose} title="Menu" position="right" size="xs" padding="md">
      <Stack component="nav" aria-label="Main" gap={4}>
        {navItems.map((item) => {
          const isActive = item.isActive(pathname);
          return (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              rightSection={item.namesFiguresSource ? <EstimatesSourceBadge id={drawerSourceId} /> : undefined}
              aria-describedby={item.namesFiguresSource && isEstimates ? drawerSourceId : undefined}
              active={isActive}
              aria-current={isActive ? 'page' : undefined}
              onClick={onClose}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              fw={500}
            />
          );
        })}
      </Stack>
    </Drawer>
  );
}
