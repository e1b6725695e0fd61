import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RARITY_COLORS, type RarityClass } from '#shared/game/rarity';

interface RarityBadgeProps extends Omit<BadgeProps, 'color' | 'variant' | 'children'> {
  rarity: RarityClass;
  /** Text instead of the class name (e.g. a star type's name in the class colour). */
  label?: string;
}

/**
 * A dot badge: the class colour is on the dot and the text keeps the normal text colour, so the label stays
 * readable in both colour schemes even for the light classes (gold, green).
 */
export function RarityBadge({ rarity, label, ...props }: RarityBadgeProps) {
  const { t } = useTranslation('fishes');
  return (
    <Badge
      variant="dot"
      color={RARITY_COLORS[rarity]}
      radius="sm"
      data-rarity={rarity}
      style={{ textTransform: 'none' }}
      {...props}
    >
      {label ?? t(`rarity.${rarity}`)}
    </Badge>
  );
}
