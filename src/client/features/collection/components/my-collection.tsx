import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';
import { type UserInfo, useSession } from '../../../lib/session';
import { useTopBaits } from '../../../lib/top-baits';
import { useLocalePath } from '../../../lib/use-locale';
import { useMyCollection } from '../api/collection-queries';
import { CollectionSharingPanel } from './collection-sharing-panel';
import { CollectionView, type TopBaitsByFish } from './collection-view';

/**
 * `/user/collection`: the player's own collection with the switch of its public page. For each fish not caught yet,
 * where and with what others catch it now: the bait guide's top baits of every fish from the one request the
 * encyclopedia makes too (the server computes it at most once a minute for everybody, so this page adds no query),
 * and the fish's maps from the catalogue, each a link to its heat map, beside links to its bait guide and its page.
 */
export function MyCollection({ user }: { user: UserInfo }) {
  const { t } = useTranslation('collection');
  const localePath = useLocalePath();
  const { token } = useSession();
  const query = useMyCollection(token, user.client_id);
  const top = useTopBaits(null);
  const topBaits = useMemo<TopBaitsByFish>(
    () => ({ entries: new Map((top.data?.fishes ?? []).map((entry) => [entry.fish_id, entry])), status: top.status }),
    [top.data, top.status],
  );

  if (query.isPending) return <LoadingState>{t('loading')}</LoadingState>;
  if (query.isError)
    return <LoadFailedAlert title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  const collection = query.data;
  return (
    <Stack gap="lg">
      {!collection.logger_bound ? (
        <Alert color="blue" variant="light" icon={<IconPlugConnected aria-hidden />} title={t('noLogger.title')}>
          <Text size="sm">{t('noLogger.text')}</Text>
          <Button component={Link} to={localePath(PAGE_PATHS.myData)} size="xs" mt="xs">
            {t('noLogger.link')}
          </Button>
        </Alert>
      ) : null}
      <CollectionSharingPanel sharing={collection.sharing} token={token} loggerId={user.client_id} />
      <CollectionView collection={collection} topBaits={topBaits} />
    </Stack>
  );
}
