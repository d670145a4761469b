import './mantine-styles.css';
import './global.css';

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { configQueryOptions } from '@/lib/config';
import { createQueryClient } from '@/lib/query-client';
import { meQueryOptions, onSignedInAnswer } from '@/lib/session';
import { AppProviders } from './providers';
import { AppRoutes, preloadScreen } from './router';

// The screen's code loads while the first answers are awaited: a signed-out
// screen's at once, a signed-in one's as soon as /api/me says who is signed in.
preloadScreen(window.location.pathname, false);
onSignedInAnswer(() => preloadScreen(window.location.pathname, true));

const queryClient = createQueryClient();
// Both answers decide the first screen: ask for them before React renders
// (index.html preloads them, so they are on their way already).
void queryClient.prefetchQuery(configQueryOptions);
void queryClient.prefetchQuery(meQueryOptions);

const root = createRoot(document.getElementById('root')!);
// A transition: React renders the first screen in slices, yielding between
// them, rather than in one long task that blocks the page.
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
