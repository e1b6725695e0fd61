import { Anchor, Button, Popover, Stack, Text } from '@mantine/core';
import { IconBell, IconBellCheck, IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useLocalePath } from '../../../lib/use-locale';
import { useFollowFish, useFollows, useUnfollow } from '../api/alert-queries';
import { showAlertFailure } from '../alert-errors';

interface FollowButtonProps {
  fishId: number;
  /** The map shown; null: all maps. */
  mapId: number | null;
  /** The fish's and the map's names in the page's language (the map's null for all maps). */
  fishName: string;
  mapName: string | null;
}

/** For a visitor or a member without VIP: what alerts are, and the way to VIP. */
function VipOnly({ scope }: { scope: string }) {
  const { t } = useTranslation('alerts');
  const localePath = useLocalePath();
  return (
    <Popover width={300} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <Button variant="default" leftSection={<IconBell size={18} aria-hidden />} data-testid="follow-button">
          {t('follow.follow')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('follow.vipTitle')}
          </Text>
          <Text size="sm">{t('follow.vipText', { scope })}</Text>
          <Anchor component={Link} to={localePath(PAGE_PATHS.vipBuy)} size="sm" fw={600}>
            <IconCrown size={14} aria-hidden style={{ verticalAlign: '-2px', marginInlineEnd: 4 }} />
            {t('follow.getVip')}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * "Follow" on the bait guide (issue 25): a VIP member follows the fish shown, on the map shown or all maps, and is
 * alerted when a bait enters its top three or a trophy of it is logged; pressed again, unfollows. Anyone else learns
 * that alerts are a VIP benefit, with the way to VIP.
 */
export function FollowButton({ fishId, mapId, fishName, mapName }: FollowButtonProps) {
  const { t } = useTranslation('alerts');
  const { userInfo } = useSession();
  const vip = userInfo?.is_vip === true;
  const follows = useFollows({ enabled: vip });
  const followFish = useFollowFish();
  const unfollow = useUnfollow();
  const scope = mapName ? t('follow.onMap', { fish: fishName, map: mapName }) : t('follow.allMaps', { fish: fishName });

  if (!vip) return <VipOnly scope={scope} />;

  const kept = follows.data?.items.find((f) => f.fish_id === fishId && f.map_id === mapId);
  const busy = followFish.isPending || unfollow.isPending || follows.isPending;

  const toggle = async () => {
    try {
      if (kept) {
        await unfollow.mutateAsync(kept.id);
        toast.success(t('follow.unfollowed', { scope }));
      } else {
        await followFish.mutateAsync({ fish_id: fishId, map_id: mapId });
        toast.success(t('follow.followed', { scope }), t('follow.followedText'));
      }
    } catch (error) {
      showAlertFailure(kept ? t('follow.unfollowFailed') : t('follow.followFailed'), error);
    }
  };

  return (
    <Button
      variant={kept ? 'light' : 'filled'}
      leftSection={kept ? <IconBellCheck size={18} aria-hidden /> : <IconBell size={18} aria-hidden />}
      onClick={() => void toggle()}
      loading={busy}
      aria-pressed={Boolean(kept)}
      title={kept ? t('follow.unfollowHint', { scope }) : t('follow.followHint', { scope })}
      data-testid="follow-button"
    >
      {kept ? t('follow.following') : t('follow.follow')}
    </Button>
  );
}
