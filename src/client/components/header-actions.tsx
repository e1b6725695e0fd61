import { ActionIcon, Box, Button, Group, Text, UnstyledButton, useMantineColorScheme } from '@mantine/core';
import { IconCrown, IconExternalLink, IconMoon, IconSun, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { Suspense } from 'react';
import { useDarkScheme } from '../lib/browser-state';
import { forumUrl } from '../lib/forum-url';
import { createLazyWidget } from '../lib/lazy-widget';
import { useSession } from '../lib/session';
import { useLocalePath } from '../lib/use-locale';
import { AlertsBellLink } from './alerts-bell-link';
import { LanguageMenu } from './language-menu';
import { UserAvatar } from './user-avatar';
import { VipBadge } from './vip-badge';

// Icon buttons carry an aria-label for screen readers and a title as the hover hint (no tooltip library needed).
const ICON_BUTTON = { size: 'lg', variant: 'default', radius: 'md' } as const;

/** The member's crown on the avatar's corner, ringed in the page colour so it stands off any avatar. */
function VipCrownDot() {
  return (
    <Box
      hiddenFrom="lg"
      pos="absolute"
      top={-8}
      right={-9}
      w={13}
      h={13}
      bg="yellow.5"
      c="dark.9"
      aria-hidden
      data-testid="header-vip-crown"
      style={{
        borderRadius: '50%',
        border: '2px solid var(--mantine-color-body)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        boxSizing: 'content-box',
      }}
    >
      <IconCrown size={9} stroke={2.4} />
    </Box>
  );
}

/**
 * User centre link: the avatar (or initials), on wide screens the nickname and the VIP badge of a member (a crown on
 * the avatar on narrower ones), when logged in; else a person icon. The label names everything the button shows (WCAG 2.5.3), the badge included.
 */
export function UserButton() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { userInfo } = useSession();
  if (!userInfo) {
    const label = t('actions.userCentre');
    return (
      <ActionIcon {...ICON_BUTTON} component={Link} to={localePath(PAGE_PATHS.user)} aria-label={label} title={label}>
        <IconUser size={18} stroke={1.7} aria-hidden />
      </ActionIcon>
    );
  }
  const name = userInfo.nickname || userInfo.email;
  const vip = userInfo.is_vip;
  const label = vip ? t('actions.userCentreOfVip', { name }) : t('actions.userCentreOf', { name });
  return (
    <UnstyledButton
      component={Link}
      to={localePath(PAGE_PATHS.user)}
      aria-label={label}
      title={label}
      className="user-button"
      h={34}
      miw={34}
      px={3}
    >
      <Group gap={8} wrap="nowrap" h="100%">
        {/* The label names the user already; the initials are a picture of that name, not a second label (WCAG 2.5.3). */}
        <Box pos="relative" display="inline-flex">
          <UserAvatar user={userInfo} size={26} radius="sm" aria-hidden />
          {/* Below lg the top bar has no room for the badge (nor the name): a crown on the avatar stands in for it. */}
          {vip ? <VipCrownDot /> : null}
        </Box>
        {/* From xl only: between lg and xl the seven page links, the alerts' bell and the actions fill the bar. */}
        <Text component="span" size="sm" fw={500} truncate="end" maw={120} visibleFrom="xl" pr={vip ? 0 : 6}>
          {name}
        </Text>
        {vip ? <VipBadge size="sm" mr={4} visibleFrom="lg" data-testid="header-vip-badge" /> : null}
      </Group>
    </UnstyledButton>
  );
}

/**
 * Opens the community forum in a new tab (docs/product-requirements.md §2 chat button). Named in words, with the
 * new-tab arrow, so no player takes it for the AI chat (between `sm` and `md` its icon, named by its label); below `sm` it
 * is an entry of the menu drawer instead.
 */
function ForumButton() {
  const { t } = useTranslation();
  const link = {
    component: 'a',
    href: forumUrl(),
    target: '_blank',
    rel: 'noopener noreferrer',
    'aria-label': t('actions.forumNewTab'),
    title: t('actions.forumNewTab'),
  } as const;
  return (
    <>
      {/* Between sm and md its icon alone, so the four links, "More", the alerts' bell and the actions fit 768 px. */}
      <ActionIcon {...ICON_BUTTON} {...link} visibleFrom="sm" hiddenFrom="md">
        <IconUsersGroup size={18} stroke={1.7} aria-hidden />
      </ActionIcon>
      <Button
        visibleFrom="md"
        variant="default"
        radius="md"
        h={34}
        px={10}
        {...link}
        leftSection={<IconUsersGroup size={18} stroke={1.7} aria-hidden />}
        rightSection={<IconExternalLink size={14} stroke={1.7} aria-hidden />}
        styles={{ section: { marginInline: 4 } }}
      >
        {t('actions.forumShort')}
      </Button>
    </>
  );
}

/**
 * The moon button (docs/product-requirements.md §2): toggles light/dark; Mantine's colour-scheme manager remembers the
 * choice.
 */
function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const dark = useDarkScheme();
  const label = dark ? t('actions.toLight') : t('actions.toDark');
  return (
    <ActionIcon
      {...ICON_BUTTON}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      aria-label={label}
      title={label}
    >
      {/* Both icons, one hidden by the scheme's CSS: a server-rendered page shows the right one before it hydrates. */}
      <IconSun size={18} stroke={1.7} aria-hidden className="mantine-light-hidden" />
      <IconMoon size={18} stroke={1.7} aria-hidden className="mantine-dark-hidden" />
    </ActionIcon>
  );
}

const alertsBellWidget = createLazyWidget(() =>
  import('../features/alerts/components/alerts-bell').then((module) => module.AlertsBell),
);

/**
 * The alerts' bell of a logged-in user (issue 25): the bare bell at once, its unread count once the alerts code has
 * loaded after the first paint (it stays out of the first download's budget, docs/design.md §6).
 */
function Bell() {
  const { loggedIn } = useSession();
  const ready = alertsBellWidget.useReady();
  if (!loggedIn) return null;
  const bare = <AlertsBellLink count={0} />;
  return ready ? (
    <Suspense fallback={bare}>
      <alertsBellWidget.Lazy />
    </Suspense>
  ) : (
    bare
  );
}

export function HeaderActions() {
  return (
    <Group gap={6} wrap="nowrap">
      <Bell />
      <UserButton />
      <ForumButton />
      <ColorSchemeToggle />
      <LanguageMenu />
    </Group>
  );
}
