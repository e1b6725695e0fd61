import { Anchor, Badge, Group, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BaitItem } from '#shared/contracts/catalogue';
import { PAGE_PATHS } from '#shared/pages';
import { BaitPicture } from '../../../components/bait-picture';
import { BaitTypeLine } from '../../../components/bait-type-line';
import { NewInBadge } from '../../../components/new-in-badge';
import { OtherNames } from '../../../components/other-names';
import { useBaseConfig } from '../../../lib/base-config';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale, useLocalePath } from '../../../lib/use-locale';
import { baitListSearch } from '../hooks/use-bait-list-params';

/**
 * The top of a bait's page: its picture, its names in the other languages beside the page's (the h1 holds that one),
 * its type, which leads to the bait list of that type, and whether the game has it still.
 */
export function BaitHeader({ bait, name }: { bait: BaitItem; name: string }) {
  const { t } = useTranslation('baits');
  const lang = useLocale();
  const localePath = useLocalePath();
  const displayName = useDisplayName();
  const type = useBaseConfig().fishWayById(bait.data.fish_way);
  const typeName = type ? displayName(type) : t('list.unknownType');

  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <BaitPicture bait={bait} size={96} alt={t('list.imageAlt', { name })} />
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <OtherNames item={bait} shown={name} lang={lang} />
          <BaitTypeLine label={t('list.type')} typeName={typeName} />
          {type && (
            <Anchor
              component={Link}
              to={localePath(`${PAGE_PATHS.baits}${baitListSearch({ type: type.id })}`)}
              size="sm"
              data-testid="bait-type-link"
            >
              {t('page.typeLink', { type: typeName })}
            </Anchor>
          )}
          <Group gap="xs">
            <NewInBadge item={bait} />
            {bait.deprecated && (
              <Badge color="gray" variant="light" size="sm" style={{ textTransform: 'none' }}>
                {t('page.deprecated')}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
