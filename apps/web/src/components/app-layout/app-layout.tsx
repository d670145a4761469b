import { Anchor, Box, Burger, Container, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useIsFetching } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useConfig } from '@/lib/config';
import { AfterPaint } from '../after-paint';
import { linkTeamMemberIdOnce } from '@/lib/session';
import { Brand } from '../brand';
import { EstimatesSourceBadge, useFiguresAreEstimates } from '../figures-source';
import { FullPageLoader } from '../full-page-loader';
import classes from './app-layout.module.css';
import { navItems } from './nav-items';
import { UserMenu } from './user-menu';

const NavDrawer = lazy(() => import('./nav-drawer'));

const headerSourceId = 'nav-figures-source';

/** The signed-in shell: header with navigation and user menu, the screen, the footer. */
export default function AppLayout() {
  const { appName, contactEmail } = useConfig();
  const { pathname } = useLocation();
  const isWide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const [isDrawerOpen, drawer] = useDisclosure(false);
  const isEstimates = useFiguresAreEstimates();

  return (
    <>
      <Box component="header" className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
            <Group gap="xl" wrap="nowrap">
              <Anchor component={Link} to="/" className={classes.brandLink} underline="never">
                <Brand name={appName} />
              </Anchor>
              {isWide && (
                <Group component="nav" aria-label="Main" gap={4} wrap="nowrap">
                  {navItems.map((item) => {
                    const isActive = item.isActive(pathname);
                    return (
                      <Link
                        key={item.to}
                        to={item.to}
                        className={classes.navLink}
                        data-active={isActive || undefined}
                        aria-current={isActive ? 'page' : undefined}
                        aria-describedby={item.namesFiguresSource && isEstimates ? headerSourceId : undefined}
                      >
                        {item.label}
                        {item.namesFiguresSource && <EstimatesSourceBadge id={headerSourceId} />}
                      </Link>
                    );
                  })}
                </Group>
              )}
            </Group>
            <Group gap="sm" wrap="nowrap">
              <UserMenu />
              {!isWide && (
                <Burger opened={isDrawerOpen} onClick={drawer.toggle} size="sm" aria-label="Open navigation menu" />
              )}
            </Group>
          </Group>
        </Container>
      </Box>

      {!isWide && (
        <AfterPaint>
          <Suspense fallback={null}>
            <NavDrawer opened={isDrawerOpen} onClose={drawer.close} pathname={pathname} />
          </Suspense>
        </AfterPaint>
      )}

      <Box component="main" className={classes.main}>
        <Container size="xl" py={{ base: 'lg', sm: 'xl' }}>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
            <TeamMemberLink />
          </Suspense>
        </Container>
      </Box>

      <Box component="footer" className={classes.footer}>
        <Container size="xl" py="md">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} {appName}
            </Text>
            <Anchor href={`mailto:${contactEmail}`} size="sm">
              Contact us
            </Anchor>
          </Group>
        </Container>
      </Box>
    </>
  );
}

/** How long the on-load team link waits once the screen has its answers. */
const teamLinkDelayMs = 1000;

/**
 * SPEC 6's call on load (linking team rows added by this user's e-mail). It sits
 * in the screen's Suspense boundary, so it mounts with the screen, and it is
 * made a moment after the screen has its first answers: it only repairs a link
 * (adding a member links an existing account at once), so it waits rather than
 * compete with the screen's files, answers and first paints on a slow network.
 */
function TeamMemberLink() {
  const fetching = useIsFetching();
  useEffect(() => {
    if (fetching > 0) return;
    const timer = setTimeout(() => void linkTeamMemberIdOnce(), teamLinkDelayMs);
    return () => clearTimeout(timer);
  }, [fetching]);
  return null;
}
