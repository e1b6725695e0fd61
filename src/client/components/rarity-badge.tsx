import { Badge, type BadgeProps, ColorSwatch, Group } from '@mantine/core';
import { RARITY_COLORS, type RarityClass } from '#shared/game/rarity';

interface RarityBadgeProps extends Omit<BadgeProps, 'color' | 'variant' | 'children'> {
  rarity: RarityClass;
  /** The class's name, or what carries it (a star type's name). */
  label: string;
}

/**
 * A dot badge: the class colour is on the dot and the text keeps the normal text colour, so the label stays
 * readable in both colour schemes even for the light classes (gold, green).
 */
export function RarityBadge({ rarity, label, ...props }: RarityBadgeProps) {
  return (
    <Badge
      variant="dot"
      color={RARITY_COLORS[rarity]}
      radius="sm"
      data-rarity={rarity}
      style={{ textTransform: 'none' }}
      {...props}
    >
      {label}
    </Badge>
  );
}

/** An option of a select by rarity (a class, a star type): its colour as a swatch before the label. */
export function RarityOption({ rarity, label }: { rarity: RarityClass; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatch color={RARITY_COLORS[rarity]} size={12} withShadow={false} aria-hidden />
      {label}
    </Group>
  );
}
