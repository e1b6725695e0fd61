import type { BadgeProps } from '@mantine/core';
import { rarityByStarType } from '#shared/game/rarity';
import { useBaseConfig } from '../lib/base-config';
import { useDisplayName } from '../lib/use-display-name';
import { RarityBadge } from './rarity-badge';

interface StarBadgeProps extends Omit<BadgeProps, 'color' | 'variant' | 'children'> {
  starType: number;
  /** The text for a star type the catalogue does not name; its id by default. */
  fallback?: string;
}

/** A star type by its catalogue name, in its rarity class's colour (docs/product-requirements.md §3). */
export function StarBadge({ starType, fallback, ...props }: StarBadgeProps) {
  const { starTypeById } = useBaseConfig();
  const displayName = useDisplayName();
  const named = starTypeById(starType);
  return (
    <RarityBadge
      rarity={rarityByStarType(starType)}
      label={named ? displayName(named) : (fallback ?? String(starType))}
      {...props}
    />
  );
}
