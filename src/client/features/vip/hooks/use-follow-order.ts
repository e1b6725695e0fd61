import { useEffect, useState } from 'react';
import { useOrder } from '../api/vip-queries';

/** How often a pending order is asked for again, and for how long before the page says it is still processing. */
const POLL_INTERVAL_MS = 1000;
export const POLL_LIMIT_MS = 2 * 60 * 1000;

/**
 * Follows an order after its checkout: asks every second while it is `pending` (the provider's webhook has not landed
 * yet) and gives up after `limitMs`, when `timedOut` turns true; `checkAgain` starts another round.
 */
export function useFollowOrder(orderNo: string, limitMs: number = POLL_LIMIT_MS) {
  const [timedOut, setTimedOut] = useState(false);
  const query = useOrder(orderNo, { pollWhilePending: timedOut ? false : POLL_INTERVAL_MS });
  const pending = query.data?.status === 'pending';

  useEffect(() => {
    if (!pending || timedOut) return;
    const timer = setTimeout(() => setTimedOut(true), limitMs);
    return () => clearTimeout(timer);
  }, [pending, timedOut, limitMs]);

  const checkAgain = () => {
    setTimedOut(false);
    void query.refetch();
  };

  return { query, timedOut: pending && timedOut, checkAgain };
}
