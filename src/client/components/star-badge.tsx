import type { BadgeProps } from '@mantine/core';
import { rarityByStarType } from '#shared/game/rarity';
import { useStarTypeName } from '../lib/use-star-type-name';
import { RarityBadge } from './rarity-badge';

interface StarBadgeProps extends Omit<BadgeProps, 'color' | 'variant' | 'children'> {
  starType: number;
  /** The text for a star type the catalogue does not name; its id by default. */
  fallback?: string;
}

/** A star type by its name (`useStarTypeName`), in its rarity class's colour (docs/product-requirements.md §3). */
export function StarBadge({ starType, fallback, ...props }: StarBadgeProps) {
  const starTypeName = useStarTypeName();
  return (
    <RarityBadge
      rarity={rarityByStarType(starType)}
      label={starTypeName(starType) ?? fallback ?? String(starType)}
      {...props}
    />
  );
}
