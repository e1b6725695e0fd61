import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  parseId,
  parseOneOf,
  parsePage,
  parseSearchText,
  parseStarType,
  searchWith,
  setParam,
  useSearch,
} from './search-params';

describe('reading the query string', () => {
  it('reads ids as positive whole numbers, anything else as not set', () => {
    expect(parseId('42')).toBe(42);
    for (const bad of [null, '', '0', '-3', '1.5', 'abc', ' ']) expect(parseId(bad)).toBeNull();
  });

  it('reads a page number from 1, anything else as page 1', () => {
    expect(parsePage('3')).toBe(3);
    for (const bad of [null, '', '0', '-1', '2.5', 'x']) expect(parsePage(bad)).toBe(1);
  });

  it('reads only the allowed words', () => {
    const ranges = ['1d', '7d'] as const;
    expect(parseOneOf('7d', ranges)).toBe('7d');
    expect(parseOneOf('2d', ranges)).toBeNull();
    expect(parseOneOf(null, ranges)).toBeNull();
  });

  it('reads the star types a catch may carry, 0 included', () => {
    expect(parseStarType('0')).toBe(0);
    expect(parseStarType('448')).toBe(448);
    for (const bad of [null, '', '445', '453', 'x']) expect(parseStarType(bad)).toBeNull();
  });

  it('trims search text and caps it at 100 characters', () => {
    expect(parseSearchText('  worm ')).toBe('worm');
    expect(parseSearchText(null)).toBe('');
    expect(parseSearchText('x'.repeat(150))).toHaveLength(100);
  });
});

describe('writing the query string', () => {
  it('sets a value and removes a parameter that has none', () => {
    const params = new URLSearchParams('map=1&fish=2&star=0');
    setParam(params, 'map', 3);
    setParam(params, 'fish', null);
    setParam(params, 'q', '');
    setParam(params, 'star', undefined);
    expect(params.toString()).toBe('map=3');
  });

  it('links an item over a list, keeping its filters', () => {
    expect(searchWith(new URLSearchParams('map=3&page=2'), 'id', 7)).toBe('?map=3&page=2&id=7');
    expect(searchWith(new URLSearchParams('id=5'), 'id', 7)).toBe('?id=7');
  });

  it('changes the URL as a new history entry, or in place when asked', () => {
    function Probe() {
      const [, edit] = useSearch();
      return (
        <>
          <button onClick={() => edit((params) => params.set('b', '2'))}>add</button>
          <button onClick={() => edit((params) => params.delete('a'), { replace: true })}>drop</button>
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/', element: <Probe /> }], { initialEntries: ['/?a=1'] });
    render(<RouterProvider router={router} />);

    fireEvent.click(screen.getByRole('button', { name: 'add' }));
    expect(router.state.location.search).toBe('?a=1&b=2');
    expect(router.state.historyAction).toBe('PUSH');

    fireEvent.click(screen.getByRole('button', { name: 'drop' }));
    expect(router.state.location.search).toBe('?b=2');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps both of two edits made before the page renders again, and builds on the URL after the back button', async () => {
    let edit: ReturnType<typeof useSearch>[1] = () => undefined;
    function Probe() {
      edit = useSearch()[1];
      return null;
    }
    const router = createMemoryRouter([{ path: '/', element: <Probe /> }], { initialEntries: ['/?q=pike'] });
    render(<RouterProvider router={router} />);

    // A user chosen in the list, then the search box's commit, with no render between them.
    act(() => {
      edit((params) => params.set('user', '7'));
      edit((params) => params.set('q', 'pike@example.com'), { replace: true });
    });
    expect(new URLSearchParams(router.state.location.search).get('user')).toBe('7');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('pike@example.com');

    // Back to the first URL: the next edit starts from what the URL shows, not from the edits made before.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=pike');
    act(() => edit((params) => params.set('page', '2')));
    expect(router.state.location.search).toBe('?q=pike&page=2');
  });

  it('drops an edit made while another page loads, so the navigation is not undone', async () => {
    let edit: ReturnType<typeof useSearch>[1] = () => undefined;
    function List() {
      edit = useSearch()[1];
      return <Link to="/other">open</Link>;
    }
    let finishLoading: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (finishLoading = resolve));
    const router = createMemoryRouter(
      [
        { path: '/', element: <List /> },
        // A lazy route module still loading, as a page's chunk does on its first visit.
        { path: '/other', lazy: async () => (await loaded, { element: <p>other page</p> }) },
      ],
      { initialEntries: ['/?type=1'] },
    );
    render(<RouterProvider router={router} />);

    fireEvent.click(screen.getByRole('link', { name: 'open' }));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    // The search box's late commit, on the page being left.
    act(() => edit((params) => params.set('q', 'worm'), { replace: true }));
    await act(async () => finishLoading());
    expect(await screen.findByText('other page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/other');
    expect(router.state.location.search).toBe('');
  });
});
