/**
 * Widgets that are not needed for the first paint (menus, the mobile drawer, the toast container) load after it: when
 * the browser is idle, or earlier when the user shows intent (pointer over, focus, touch, click). This keeps the
 * first download within the 170 KB budget (docs/design.md §6) without making the widgets feel late.
 *
 * Usage: `const ready = widget.useReady();` then render `<widget.Lazy … />` (inside Suspense, with the placeholder as
 * fallback) once ready, and the placeholder with `widget.placeholderProps` before.
 */
import { lazy, useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';

/** How the placeholder was left when the real widget arrived, so the widget can carry on (open it, keep focus). */
interface Handover {
  /** The placeholder was clicked: open at once. */
  open: boolean;
  /** The placeholder had keyboard focus: move it to the real trigger. */
  focus: boolean;
}

const IDLE_TIMEOUT_MS = 2000;

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 300);
  return () => window.clearTimeout(id);
}

export function createLazyWidget<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: Promise<{ default: ComponentType<P> }> | null = null;
  let pending: Promise<void> | null = null;
  let ready = false;
  const handover: Handover = { open: false, focus: false };
  const listeners = new Set<() => void>();

  function preload(): Promise<void> {
    pending ??= load().then(
      (component) => {
        loaded = Promise.resolve({ default: component });
        ready = true;
        for (const listener of listeners) listener();
      },
      () => {
        // Offline or a new deployment: forget the failure so the next intent tries again.
        pending = null;
      },
    );
    return pending;
  }

  /** Rendered only once `ready`, so it never sees a failed load. */
  const Lazy = lazy(() => loaded ?? load().then((component) => ({ default: component })));

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => ready;

  /** Whether the widget's code is here; schedules the idle-time load. */
  function useReady(): boolean {
    const isReady = useSyncExternalStore(subscribe, snapshot, snapshot);
    useEffect(() => (isReady ? undefined : whenIdle(() => void preload())), [isReady]);
    return isReady;
  }

  /** Event props for a placeholder trigger: intent preloads, a click asks the widget to open once it is there. */
  const placeholderProps = {
    onPointerEnter: () => void preload(),
    onTouchStart: () => void preload(),
    onFocus: () => {
      handover.focus = true;
      void preload();
    },
    onBlur: () => {
      handover.focus = false;
    },
    onClick: () => {
      handover.open = true;
      void preload();
    },
  };

  /**
   * The hand-over state for the real widget's first render; cleared after mount, so a later remount starts closed.
   * Read in a state initialiser, cleared in an effect (safe under StrictMode's double calls).
   */
  function useHandover(): Handover {
    const [initial] = useState(() => ({ ...handover }));
    useEffect(() => {
      handover.open = false;
      handover.focus = false;
    }, []);
    return initial;
  }

  return { Lazy, preload, useReady, placeholderProps, useHandover };
}
