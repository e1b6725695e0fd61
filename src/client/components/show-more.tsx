import { Button, Center } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * How many items of a long list are rendered: `step` at first, `step` more each time the reader asks or scrolls near
 * the end, and back to `step` whenever `resetKey` changes (a new filter is a new list). A page of 160 rich cards
 * rendered at once kept the page blank for 2.3 s on a quiet desktop before its heading showed.
 */
export function useShownLimit(step: number, resetKey: unknown): [number, () => void] {
  const [state, setState] = useState({ key: resetKey, limit: step });
  // Reset during render rather than in an effect, so the long list is never rendered once for nothing.
  if (!Object.is(state.key, resetKey)) setState({ key: resetKey, limit: step });
  const limit = Object.is(state.key, resetKey) ? state.limit : step;
  const more = () => setState((current) => ({ key: current.key, limit: current.limit + step }));
  return [limit, more];
}

interface ShowMoreProps {
  /** Items not rendered yet. */
  left: number;
  /** How many one step adds. */
  step: number;
  onMore: () => void;
}

/**
 * The button under a list that renders the next step. It also fires by itself when scrolled near (an
 * IntersectionObserver), so scrolling reads on; the button stays for the keyboard and for browsers without one.
 */
export function ShowMore({ left, step, onMore }: ShowMoreProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  const near = useEffectEvent(() => onMore());

  useEffect(() => {
    const button = ref.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    // A fresh observer after each step reports at once whether the button is still near, so a tall screen fills.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) near();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(button);
    return () => observer.disconnect();
  }, [left]);

  if (left <= 0) return null;
  return (
    <Center>
      <Button ref={ref} variant="default" onClick={onMore} data-testid="show-more">
        {t('actions.showMore', { count: Math.min(step, left), left })}
      </Button>
    </Center>
  );
}
