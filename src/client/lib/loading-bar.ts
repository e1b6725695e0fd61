/**
 * The navigation loading bar (docs/product-requirements.md §4, §9) on top of @mantine/nprogress. Lifecycle: start →
 * progress estimate → finish → hide after a delay → reset; or fail, which turns the bar red before it hides.
 * Shown only when a navigation takes longer than the throttle, so quick page changes do not flash a bar.
 */
import { createNprogress, updateNavigationProgressStateAction } from '@mantine/nprogress';

/**
 * docs/product-requirements.md §9: throttle 200 ms, duration 2000 ms, hide delay 500 ms, reset delay 400 ms, height 3
 * px.
 */
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 2000;
export const LOADING_BAR_HIDE_DELAY_MS = 500;
export const LOADING_BAR_RESET_DELAY_MS = 400;
export const LOADING_BAR_HEIGHT_PX = 3;
/** How often the estimate moves forward. */
const TICK_MS = 100;
/** The estimate reaches this share over the duration, then creeps towards (never reaches) 99 %. */
const ESTIMATE_AT_DURATION = 80;

type LoadingBarStatus = 'idle' | 'pending' | 'running' | 'finishing' | 'error';

const [store, progress] = createNprogress();
export const loadingBarStore = store;

let status: LoadingBarStatus = 'idle';
let startedAt = 0;
let throttle: ReturnType<typeof setTimeout> | undefined;
let ticker: ReturnType<typeof setInterval> | undefined;
let hide: ReturnType<typeof setTimeout> | undefined;
let reset: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setStatus(next: LoadingBarStatus): void {
  status = next;
  for (const listener of listeners) listener();
}

export function getLoadingBarStatus(): LoadingBarStatus {
  return status;
}

export function subscribeLoadingBar(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Progress (0–100) after `elapsed` ms: linear to 80 % over the duration, then easing towards 99 %. */
export function estimateProgress(elapsed: number): number {
  if (elapsed <= LOADING_BAR_DURATION_MS) return (elapsed / LOADING_BAR_DURATION_MS) * ESTIMATE_AT_DURATION;
  const extra = (elapsed - LOADING_BAR_DURATION_MS) / LOADING_BAR_DURATION_MS;
  return 99 - (99 - ESTIMATE_AT_DURATION) * Math.exp(-extra);
}

function clearTimers(): void {
  clearTimeout(throttle);
  clearInterval(ticker);
  clearTimeout(hide);
  clearTimeout(reset);
  throttle = ticker = hide = reset = undefined;
}

function show(): void {
  setStatus('running');
  progress.set(Math.max(estimateProgress(Date.now() - startedAt), 5));
  ticker = setInterval(() => progress.set(estimateProgress(Date.now() - startedAt)), TICK_MS);
}

/** Fill the bar, keep it for the hide delay, fade it out, then reset it after the reset delay. */
function complete(final: LoadingBarStatus): void {
  clearTimers();
  setStatus(final);
  progress.set(100);
  hide = setTimeout(() => {
    updateNavigationProgressStateAction(() => ({ mounted: false }), store);
    reset = setTimeout(() => {
      progress.reset();
      setStatus('idle');
    }, LOADING_BAR_RESET_DELAY_MS);
  }, LOADING_BAR_HIDE_DELAY_MS);
}

export const loadingBar = {
  /** A navigation began: show the bar if it is still going after the throttle. */
  start(): void {
    if (status === 'pending' || status === 'running') return;
    clearTimers();
    progress.reset();
    startedAt = Date.now();
    setStatus('pending');
    throttle = setTimeout(show, LOADING_BAR_THROTTLE_MS);
  },
  /** The navigation ended. A bar never shown stays hidden; a failed bar stays red until it hides. */
  finish(): void {
    if (status === 'pending') {
      clearTimers();
      setStatus('idle');
    } else if (status === 'running') complete('finishing');
  },
  /** The navigation failed: show the bar in its error colour, then hide it as usual. */
  fail(): void {
    complete('error');
  },
};
