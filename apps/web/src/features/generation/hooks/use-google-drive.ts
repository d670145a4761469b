import { constants, messages } from '@keywright/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notifyError, notifySuccess } from '@/lib/notify';
import { driveKeys, driveStatusQueryOptions } from '../api/google-drive';

export type DriveConnection = 'checking' | 'not-configured' | 'not-connected' | 'connected';

/**
 * The caller's Google Drive connection (SPEC 4): checked on load. Back from Google's consent with
 * ?google=connected it says so and checks again after `driveRecheckMs`; with ?error=auth_failed it
 * says the connection failed. Either way the parameter leaves the address (replaced, no reload).
 */
export function useGoogleDrive(): DriveConnection {
  const status = useQuery(driveStatusQueryOptions());
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const returned = searchParams.get('google') === 'connected' ? 'connected' : null;
  const failed = searchParams.get('error') === 'auth_failed';

  // Once per return (a ref, so a re-run of the effect does not say it twice); the re-check is
  // not tied to the effect, whose parameter is gone by the time it fires.
  const handled = useRef(false);
  useEffect(() => {
    if ((!returned && !failed) || handled.current) return;
    handled.current = true;
    if (returned) {
      notifySuccess(messages.connectedToDrive);
      window.setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: driveKeys.status }),
        constants.driveRecheckMs,
      );
    } else {
      notifyError(messages.failedToConnectDrive);
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('google');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [returned, failed, setSearchParams, queryClient]);

  if (status.isPending) return 'checking';
  // A status that could not be read: offer to connect (the server says what is wrong, if anything).
  if (status.isError) return 'not-connected';
  if (!status.data.configured) return 'not-configured';
  return status.data.authenticated ? 'connected' : 'not-connected';
}
