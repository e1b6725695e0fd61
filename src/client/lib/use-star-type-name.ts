import { useTranslation } from 'react-i18next';
import { STAR_TYPE_UNKNOWN } from '#shared/game/catch-attributes';
import { useBaseConfig } from './base-config';
import { useDisplayName } from './use-display-name';

/**
 * A star type's name in the current language. Star type 0 is a catch that reached no trophy class; the game's own
 * name for it ("unknown") reads as "we do not know", so it is named for what it means, the same in every catalogue.
 * Other star types take the catalogue's name; `undefined` for one the catalogue does not name.
 */
export function useStarTypeName(): (starType: number) => string | undefined {
  const { t } = useTranslation();
  const { starTypeById } = useBaseConfig();
  const displayName = useDisplayName();
  return (starType) => {
    if (starType === STAR_TYPE_UNKNOWN) return t('starType.none');
    const named = starTypeById(starType);
    return named ? displayName(named) : undefined;
  };
}
