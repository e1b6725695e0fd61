import { Badge, type BadgeProps } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The VIP badge beside a member's name (top bar, user centre). Yellow with dark text in both colour schemes, which
 * keeps the contrast well above 4.5:1.
 */
export function VipBadge(props: Omit<BadgeProps, 'children' | 'color' | 'variant'>) {
  const { t } = useTranslation();
  return (
    <Badge
      color="yellow"
      variant="filled"
      c="dark.9"
      radius="sm"
      leftSection={<IconCrown size={12} stroke={2} aria-hidden />}
      title={t('vip.badgeLabel')}
      style={{ flexShrink: 0 }}
      {...props}
    >
      {t('vip.badge')}
    </Badge>
  );
}
