import { useEffect, useRef, useState } from 'react';

/** A moment to count down to, and when that was decided (the clock reading the first second is shown from). */
export interface Deadline {
  until: number;
  from: number;
}

/**
 * Whole seconds left until the deadline (epoch ms), ticking four times a second; 0 once it has passed or when there
 * is none. `onDone` runs once when a countdown reaches 0. Pass the same object while the deadline stays.
 */
export function useCountdown(deadline: Deadline | null, onDone?: () => void): number {
  const [clock, setClock] = useState(() => ({ deadline, now: deadline?.from ?? 0 }));
  // A new deadline starts from the moment it was set, not from a tick that may be long past.
  if (clock.deadline !== deadline) setClock({ deadline, now: deadline?.from ?? 0 });
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const at = Date.now();
      setClock((previous) => ({ ...previous, now: at }));
      if (at >= deadline.until) {
        clearInterval(timer);
        done.current?.();
      }
    };
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 250);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [deadline]);
  const now = clock.deadline === deadline ? clock.now : (deadline?.from ?? 0);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline.until - now) / 1000));
}
