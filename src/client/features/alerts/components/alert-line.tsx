import { Anchor, Box, Group, Paper, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconFishHook, IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Alert } from '#shared/contracts/alerts';
import { PAGE_PATHS } from '#shared/pages';
import { useBaseConfig } from '../../../lib/base-config';
import { formatDateTimeMinutes } from '../../../lib/format-date';
import { formatWeight } from '../../../lib/format-number';
import { baitGuideSearch } from '../../../lib/page-links';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale, useLocalePath } from '../../../lib/use-locale';

/** One alert: what happened, when, and the way to the fish's bait guide; unread ones marked. */
export function AlertLine({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alerts');
  const lang = useLocale();
  const localePath = useLocalePath();
  const name = useDisplayName();
  const { fishById, mapById, baitById, starTypeById } = useBaseConfig();
  const named = (item: Parameters<typeof name>[0] | undefined, id: number) => (item ? name(item) : `#${id}`);
  const fish = named(fishById(alert.fish_id), alert.fish_id);
  const scope = alert.map_id === null ? t('list.allMaps') : named(mapById(alert.map_id), alert.map_id);
  const join = (names: string[]) => names.join(t('list.separator'));
  const trophy = alert.kind === 'trophy' && alert.trophy;
  const unread = alert.read_at === null;

  const what = trophy
    ? t('list.trophy', {
        fish,
        map: named(mapById(trophy.map_id), trophy.map_id),
        star: named(starTypeById(trophy.star_type), trophy.star_type),
        weight: formatWeight(trophy.weight, lang),
      })
    : t('list.topBait', { baits: join(alert.entered_bait_ids.map((id) => named(baitById(id), id))), fish, scope });
  const top =
    !trophy && alert.top_bait_ids.length > 0
      ? t('list.topNow', { list: join(alert.top_bait_ids.map((id, i) => `${i + 1}. ${named(baitById(id), id)}`)) })
      : null;

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      data-unread={unread || undefined}
      style={unread ? { borderInlineStart: '3px solid var(--mantine-color-blue-filled)' } : undefined}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" color={trophy ? 'yellow' : 'teal'} size={34} radius="md" aria-hidden>
          {trophy ? <IconTrophy size={18} /> : <IconFishHook size={18} />}
        </ThemeIcon>
        <Box miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={unread ? 600 : 400}>
            {unread ? <VisuallyHidden>{t('list.unread')} </VisuallyHidden> : null}
            {what}
          </Text>
          {top ? (
            <Text size="sm" c="dimmed">
              {top}
            </Text>
          ) : null}
          <Group gap="sm" mt={4}>
            <Text size="xs" c="dimmed">
              {formatDateTimeMinutes(alert.created_at)}
            </Text>
            <Anchor
              component={Link}
              size="xs"
              to={`${localePath(PAGE_PATHS.baitGuide)}${baitGuideSearch(alert.fish_id, alert.map_id)}`}
            >
              {t('list.openGuide')}
            </Anchor>
          </Group>
        </Box>
      </Group>
    </Paper>
  );
}
