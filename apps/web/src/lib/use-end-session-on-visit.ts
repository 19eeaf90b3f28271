import { useEffect, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { sessionEndpoints } from '@portal/contract';
import { callApi } from './api-client';
import { forgetSession } from './forget-session';

/**
 * Opening the sign-in screen signs out (spec: "visiting the screen logs the user out and
 * clears alerts"). Returns the pending sign-out so a sign-in waits for it: otherwise a late
 * logout answer could end the session that sign-in just opened.
 */
export function useEndSessionOnVisit(): () => Promise<void> {
  const queryClient = useQueryClient();
  const pending = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    forgetSession(queryClient);
    notifications.clean();
    pending.current = callApi(sessionEndpoints.logout).then(
      () => undefined,
      // Nothing to undo: the server may already have forgotten the session.
      () => undefined,
    );
  }, [queryClient]);

  return () => pending.current;
}
