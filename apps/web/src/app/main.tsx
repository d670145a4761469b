import '@mantine/core/styles.css';
import './global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configQueryOptions } from '@/lib/config';
import { createQueryClient } from '@/lib/query-client';
import { meQueryOptions } from '@/lib/session';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
// Both answers decide the first screen: ask for them before React renders.
void queryClient.prefetchQuery(configQueryOptions);
void queryClient.prefetchQuery(meQueryOptions);

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
