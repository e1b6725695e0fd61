import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface BaitGuideParams {
  /** The fish whose baits are shown, null before one is picked. */
  fish: number | null;
  /** One map, or null for every map the fish lives on. */
  map: number | null;
  /** Whether the detailed proportions are open. */
  details: boolean;
}

/** The URL names: the API's own (`fish_id`, `map_id`), so a link from another page reads the same. */
const KEYS = { fish: 'fish_id', map: 'map_id', details: 'details' } as const;

function parseId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The selection lives in the URL (`?fish_id=3&map_id=11&details=1`) so a guide can be shared and restored, and the
 * back button closes the details it opened.
 */
export function useBaitGuideParams(): [
  BaitGuideParams,
  (patch: Partial<BaitGuideParams>, options?: { replace?: boolean }) => void,
] {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo<BaitGuideParams>(() => {
    const fish = parseId(searchParams.get(KEYS.fish));
    return {
      fish,
      map: fish === null ? null : parseId(searchParams.get(KEYS.map)),
      details: fish !== null && searchParams.get(KEYS.details) === '1',
    };
  }, [searchParams]);

  const update = useCallback(
    (patch: Partial<BaitGuideParams>, options?: { replace?: boolean }) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(patch) as [keyof BaitGuideParams, unknown][]) {
            const key = KEYS[name];
            if (value === null || value === undefined || value === false) next.delete(key);
            else next.set(key, value === true ? '1' : String(value));
          }
          return next;
        },
        { replace: options?.replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return [params, update];
}

/** The guide of one fish (optionally on one map), as a search string for links: `?fish_id=3&map_id=11`. */
export function baitGuideSearch(fish: number, map?: number | null): string {
  const next = new URLSearchParams({ [KEYS.fish]: String(fish) });
  if (map) next.set(KEYS.map, String(map));
  return `?${next.toString()}`;
}
