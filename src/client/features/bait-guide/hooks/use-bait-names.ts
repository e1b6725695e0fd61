import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaitItem } from '#shared/contracts/catalogue';
import { useBaseConfig } from '../../../lib/base-config';
import { useDisplayName } from '../../../lib/use-display-name';

interface BaitLabel {
  bait: BaitItem | undefined;
  /** The name in the page's language, or "Unknown bait #id" for an id the catalogue does not know. */
  name: string;
  /** The bait type's name, null when unknown. */
  typeName: string | null;
}

/** Names a bait id from the catalogue (the guide's answers carry ids only). */
export function useBaitLabel(): (id: number) => BaitLabel {
  const { t } = useTranslation('bait-guide');
  const displayName = useDisplayName();
  const { baitById, fishWayById } = useBaseConfig();
  return useCallback(
    (id: number) => {
      const bait = baitById(id);
      const type = bait ? fishWayById(bait.data.fish_way) : undefined;
      return {
        bait,
        name: bait ? displayName(bait) : t('unknownBait', { id }),
        typeName: type ? displayName(type) : null,
      };
    },
    [baitById, fishWayById, displayName, t],
  );
}
