import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AlertsBellLink } from '../../../components/alerts-bell-link';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { useUnreadAlerts } from '../api/alert-queries';

/**
 * The top bar's bell with the unread count of a logged-in user (issue 25). Gentle on the server: the count is asked
 * on navigation once the last one is a minute old, and every few minutes while the page is visible; nothing for a
 * visitor. Loaded after the first paint (header-actions.tsx), the shell drawing the bare bell meanwhile.
 */
export function AlertsBell() {
  const { token, loggedIn } = useSession();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const unread = useUnreadAlerts();

  useEffect(() => {
    if (loggedIn) void queryClient.refetchQueries({ queryKey: queryKeys.alerts.unread(token), stale: true });
  }, [pathname, loggedIn, token, queryClient]);

  return <AlertsBellLink count={unread.data?.unread ?? 0} />;
}
