import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render-route';
import { SearchInput } from './search-input';

const DELAY = 300;
let onCommit: ReturnType<typeof vi.fn<(value: string) => void>>;

/** Renders the box with `value` as the committed search; `setValue` stands in for the URL changing. */
function renderInput(initial = '') {
  const ui = (value: string) => (
    <SearchInput
      label="Search"
      placeholder="Name"
      clearLabel="Clear search"
      value={value}
      onCommit={onCommit}
      delay={DELAY}
    />
  );
  const { rerender } = renderUi(ui(initial));
  return {
    input: screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement,
    setValue: (value: string) => rerender(ui(value)),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  onCommit = vi.fn<(value: string) => void>();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SearchInput', () => {
  it('commits the trimmed text once, after a pause in typing', () => {
    const { input, setValue } = renderInput();
    fireEvent.change(input, { target: { value: 'p' } });
    fireEvent.change(input, { target: { value: 'pike ' } });
    act(() => vi.advanceTimersByTime(DELAY - 1));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onCommit).toHaveBeenCalledWith('pike');
    // The echo of its own commit arrives while the player types on: it must not replace the newer text.
    fireEvent.change(input, { target: { value: 'pike c' } });
    setValue('pike');
    expect(input.value).toBe('pike c');
  });

  it('commits at once on Enter', () => {
    const { input } = renderInput();
    fireEvent.change(input, { target: { value: 'carp' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith('carp');
    act(() => vi.advanceTimersByTime(DELAY));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('clears the text and commits the empty search, dropping a pending commit', () => {
    const { input } = renderInput('carp');
    expect(input.value).toBe('carp');
    fireEvent.change(input, { target: { value: 'carpx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input.value).toBe('');
    expect(onCommit).toHaveBeenCalledWith('');
    act(() => vi.advanceTimersByTime(DELAY));
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('takes a value changed from outside, replacing the typing and its pending commit', () => {
    const { input, setValue } = renderInput('carp');
    fireEvent.change(input, { target: { value: 'car' } });
    setValue('');
    expect(input.value).toBe('');
    act(() => vi.advanceTimersByTime(DELAY));
    expect(onCommit).not.toHaveBeenCalled();
  });
});
