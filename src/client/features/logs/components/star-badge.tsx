import { Badge, type BadgeProps } from '@mantine/core';
import { RARITY_COLORS, rarityByStarType } from '#shared/game/rarity';
import { useBaseConfig } from '../../../lib/base-config';
import { useDisplayName } from '../../../lib/use-display-name';

interface StarBadgeProps extends Omit<BadgeProps, 'color' | 'variant' | 'children'> {
  starType: number;
}

/**
 * A catch's star type by name, its rarity class (spec §3) as the colour of the dot: the text keeps the normal text
 * colour, so even the light classes (gold, green) stay readable in both colour schemes.
 */
export function StarBadge({ starType, ...props }: StarBadgeProps) {
  const { starTypeById } = useBaseConfig();
  const displayName = useDisplayName();
  const rarity = rarityByStarType(starType);
  const named = starTypeById(starType);
  return (
    <Badge
      variant="dot"
      color={RARITY_COLORS[rarity]}
      radius="sm"
      data-rarity={rarity}
      style={{ textTransform: 'none' }}
      {...props}
    >
      {named ? displayName(named) : String(starType)}
    </Badge>
  );
}
