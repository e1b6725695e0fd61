import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { renderUi } from '../test/render-route';
import { ShowMore, useShownLimit } from './show-more';

const STEP = 24;
const items = (count: number, prefix = 'item') => Array.from({ length: count }, (_, i) => `${prefix} ${i}`);

/** A long list the way a page uses the two: a step of items, the button under them. */
function LongList({ list }: { list: string[] }) {
  const [limit, more] = useShownLimit(STEP, list);
  return (
    <>
      <ul>
        {list.slice(0, limit).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <ShowMore left={list.length - limit} step={STEP} onMore={more} />
    </>
  );
}

const shown = () => screen.queryAllByRole('listitem').length;
/** The list once rendered (the first render waits for the translations). */
const rendered = () => screen.findAllByRole('listitem');
const button = () => screen.queryByTestId('show-more');

beforeAll(async () => {
  await initI18n('zh');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ShowMore', () => {
  it('renders a step, then a step more per press, and leaves when nothing is left', async () => {
    renderUi(<LongList list={items(60)} />);
    await rendered();
    expect(shown()).toBe(STEP);
    // zh by default: the label says how many the press adds and how many are left.
    expect(button()!.textContent).toContain('24');
    expect(button()!.textContent).toContain('36');
    fireEvent.click(button()!);
    expect(shown()).toBe(2 * STEP);
    expect(button()!.textContent).toContain('12');
    fireEvent.click(button()!);
    expect(shown()).toBe(60);
    expect(button()).toBeNull();
  });

  it('starts again from one step when the list changes (a new filter)', async () => {
    const { rerender } = renderUi(<LongList list={items(60)} />);
    await rendered();
    fireEvent.click(button()!);
    expect(shown()).toBe(2 * STEP);
    rerender(<LongList list={items(50, 'other')} />);
    expect(shown()).toBe(STEP);
    expect(screen.getByText('other 0')).toBeTruthy();
  });

  it('shows no button for a list within one step', async () => {
    renderUi(<LongList list={items(STEP)} />);
    await rendered();
    expect(shown()).toBe(STEP);
    expect(button()).toBeNull();
  });

  it('reads on by itself while the button is near the viewport, and stops when it is not', async () => {
    // An observer that reports the button near for the first two observations only (a screen two steps tall).
    let near = 2;
    const observers: { disconnect: () => void }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {
          observers.push(this);
        }
        observe() {
          const isIntersecting = near-- > 0;
          queueMicrotask(() => this.callback([{ isIntersecting } as IntersectionObserverEntry], this as never));
        }
        disconnect() {}
      },
    );
    renderUi(<LongList list={items(100)} />);
    await rendered();
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(shown()).toBe(3 * STEP);
    expect(button()).not.toBeNull();
    expect(observers.length).toBe(3);
  });
});
