import { useCallback, useMemo } from 'react';
import { BAIT_GUIDE_PARAMS } from '../../../lib/page-links';
import { parseId, setParam, useSearch } from '../../../lib/search-params';

interface BaitGuideParams {
  /** The fish whose baits are shown, null before one is picked. */
  fish: number | null;
  /** One map, or null for every map the fish lives on. */
  map: number | null;
  /** Whether the detailed proportions are open. */
  details: boolean;
  /** Unverified catches too (`trust=all`: new loggers in probation, flagged ones); false: trusted ones only. */
  all: boolean;
}

/**
 * The selection lives in the URL (`?fish_id=3&map_id=11&details=1&trust=all`) so a guide can be shared and restored, and the
 * back button closes the details it opened.
 */
export function useBaitGuideParams(): [
  BaitGuideParams,
  (patch: Partial<BaitGuideParams>, options?: { replace?: boolean }) => void,
] {
  const [searchParams, edit] = useSearch();

  const params = useMemo<BaitGuideParams>(() => {
    const fish = parseId(searchParams.get(BAIT_GUIDE_PARAMS.fish));
    return {
      fish,
      map: fish === null ? null : parseId(searchParams.get(BAIT_GUIDE_PARAMS.map)),
      details: fish !== null && searchParams.get(BAIT_GUIDE_PARAMS.details) === '1',
      all: searchParams.get(BAIT_GUIDE_PARAMS.trust) === 'all',
    };
  }, [searchParams]);

  const update = useCallback(
    (patch: Partial<BaitGuideParams>, options?: { replace?: boolean }) =>
      edit((next) => {
        if ('fish' in patch) setParam(next, BAIT_GUIDE_PARAMS.fish, patch.fish);
        if ('map' in patch) setParam(next, BAIT_GUIDE_PARAMS.map, patch.map);
        if ('details' in patch) setParam(next, BAIT_GUIDE_PARAMS.details, patch.details ? '1' : null);
        if ('all' in patch) setParam(next, BAIT_GUIDE_PARAMS.trust, patch.all ? 'all' : null);
      }, options),
    [edit],
  );

  return [params, update];
}
