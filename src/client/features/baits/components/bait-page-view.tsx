import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BaitItem } from '#shared/contracts/catalogue';
import { baitPagePath, itemSlug, PAGE_PATHS } from '#shared/pages';
import { PageFrame } from '../../../components/page-frame';
import { mediaUrl } from '../../../lib/api-client';
import { useBaseConfig } from '../../../lib/base-config';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocalePath } from '../../../lib/use-locale';
import { BaitCatches } from './bait-catches';
import { BaitHeader } from './bait-header';

/** A bait's own page (issue 26): its name as the title, its picture, names and type, then what it caught and where. */
export function BaitPageView({ bait }: { bait: BaitItem }) {
  const { t } = useTranslation('baits');
  const localePath = useLocalePath();
  const displayName = useDisplayName();
  const name = displayName(bait);
  const type = useBaseConfig().fishWayById(bait.data.fish_way);
  return (
    <PageFrame
      title={name}
      description={t('page.description')}
      meta={{
        description: type
          ? t('meta.baitDescription', { name, type: displayName(type) })
          : t('meta.baitDescriptionUntyped', { name }),
        image: mediaUrl(bait.data.image),
        breadcrumbs: [
          { name: t('title'), path: PAGE_PATHS.baits },
          { name, path: baitPagePath(bait.id, itemSlug(name)) },
        ],
      }}
    >
      <Stack gap="lg">
        <Group>
          <Anchor component={Link} to={localePath(PAGE_PATHS.baits)} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden />
              {t('page.back')}
            </Group>
          </Anchor>
        </Group>
        <BaitHeader bait={bait} name={name} />
        <BaitCatches baitId={bait.id} />
      </Stack>
    </PageFrame>
  );
}
