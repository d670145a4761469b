import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '@/lib/session';

const storageKey = (userId: string) => `keywright.analysisView.${userId}`;

function readStored(userId: string): string | null {
  try {
    const stored = window.localStorage.getItem(storageKey(userId));
    return stored && new URLSearchParams(stored).has('projectId') ? stored : null;
  } catch {
    return null;
  }
}

function writeStored(userId: string, search: string): void {
  try {
    if (new URLSearchParams(search).has('projectId')) window.localStorage.setItem(storageKey(userId), search);
    else window.localStorage.removeItem(storageKey(userId));
  } catch {
    // Storage refused (private mode, full): the address still holds the view.
  }
}

/**
 * The analysis page opened without a view in its address (from the menu) opens the last one this
 * person had in this browser, project, filters and order, as if they had never left; the address
 * then names it, as always. An address that names a view is shown as it is.
 */
export function useLastAnalysisView(): void {
  const { id: userId } = useCurrentUser();
  const { search } = useLocation();
  const navigate = useNavigate();
  const hasOpened = useRef(false);

  useEffect(() => {
    if (!hasOpened.current) {
      hasOpened.current = true;
      const stored = search === '' ? readStored(userId) : null;
      if (stored) {
        void navigate({ search: `?${stored.replace(/^\?/, '')}` }, { replace: true, preventScrollReset: true });
        return;
      }
    }
    writeStored(userId, search);
  }, [search, userId, navigate]);
}
