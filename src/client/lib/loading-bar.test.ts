import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOADING_BAR_DURATION_MS,
  LOADING_BAR_HIDE_DELAY_MS,
  LOADING_BAR_RESET_DELAY_MS,
  LOADING_BAR_THROTTLE_MS,
  estimateProgress,
  getLoadingBarStatus,
  loadingBar,
  loadingBarStore,
} from './loading-bar';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // Let any hide/reset timers run so the next test starts idle.
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('loading bar', () => {
  it('stays hidden when the navigation ends within the throttle', () => {
    loadingBar.start();
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS - 1);
    loadingBar.finish();
    expect(loadingBarStore.getState().mounted).toBe(false);
    expect(getLoadingBarStatus()).toBe('idle');
  });

  it('shows after the throttle, fills, hides after the hide delay and resets after the reset delay', () => {
    loadingBar.start();
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS + 500);
    expect(loadingBarStore.getState().mounted).toBe(true);
    expect(loadingBarStore.getState().progress).toBeGreaterThan(0);

    loadingBar.finish();
    expect(loadingBarStore.getState().progress).toBe(100);
    vi.advanceTimersByTime(LOADING_BAR_HIDE_DELAY_MS);
    expect(loadingBarStore.getState().mounted).toBe(false);
    vi.advanceTimersByTime(LOADING_BAR_RESET_DELAY_MS);
    expect(loadingBarStore.getState().progress).toBe(0);
    expect(getLoadingBarStatus()).toBe('idle');
  });

  it('turns to the error state when a navigation fails, and back to idle after hiding', () => {
    loadingBar.start();
    vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS + 100);
    loadingBar.fail();
    loadingBar.finish(); // the router settles after the error page reported the failure
    expect(getLoadingBarStatus()).toBe('error');
    expect(loadingBarStore.getState().progress).toBe(100);
    vi.advanceTimersByTime(LOADING_BAR_HIDE_DELAY_MS + LOADING_BAR_RESET_DELAY_MS);
    expect(getLoadingBarStatus()).toBe('idle');
  });
});

describe('estimateProgress', () => {
  it('reaches 80 % at the duration and never 100 %', () => {
    expect(estimateProgress(0)).toBe(0);
    expect(estimateProgress(LOADING_BAR_DURATION_MS / 2)).toBeCloseTo(40);
    expect(estimateProgress(LOADING_BAR_DURATION_MS)).toBeCloseTo(80);
    expect(estimateProgress(LOADING_BAR_DURATION_MS * 10)).toBeLessThan(99);
    expect(estimateProgress(LOADING_BAR_DURATION_MS * 3)).toBeGreaterThan(
      estimateProgress(LOADING_BAR_DURATION_MS * 2),
    );
  });
});
