import { Badge } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { newIn } from '../lib/catalogue-changes';

/** "New in <patch>" on a catalogue item the live patch added (the encyclopedia's cards, the bait list); else nothing. */
export function NewInBadge({ item }: { item: object }) {
  const { t } = useTranslation();
  const patch = newIn(item);
  if (!patch) return null;
  return (
    <Badge
      color="grape"
      variant="light"
      size="sm"
      leftSection={<IconSparkles size={12} aria-hidden />}
      style={{ textTransform: 'none' }}
      data-testid="new-in-badge"
    >
      {t('catalogue.newIn', { patch })}
    </Badge>
  );
}
