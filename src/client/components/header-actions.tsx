import { ActionIcon, Group, Text, UnstyledButton, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMessages, IconMoon, IconSun, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FORUM_URL } from '../lib/forum-url';
import { useSession } from '../lib/session';
import { useLocalePath } from '../lib/use-locale';
import { LanguageMenu } from './language-menu';
import { UserAvatar } from './user-avatar';

// Icon buttons carry an aria-label for screen readers and a title as the hover hint (no tooltip library needed).
const ICON_BUTTON = { size: 'lg', variant: 'default', radius: 'md' } as const;

/** User centre link: the avatar (or initials) and, on wide screens, the nickname when logged in; else a person icon. */
export function UserButton() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { userInfo } = useSession();
  if (!userInfo) {
    const label = t('actions.userCentre');
    return (
      <ActionIcon {...ICON_BUTTON} component={Link} to={localePath('/user')} aria-label={label} title={label}>
        <IconUser size={18} stroke={1.7} aria-hidden />
      </ActionIcon>
    );
  }
  const name = userInfo.nickname || userInfo.email;
  const label = t('actions.userCentreOf', { name });
  return (
    <UnstyledButton
      component={Link}
      to={localePath('/user')}
      aria-label={label}
      title={label}
      className="user-button"
      h={34}
      miw={34}
      px={3}
    >
      <Group gap={8} wrap="nowrap" h="100%">
        <UserAvatar user={userInfo} size={26} radius="sm" />
        <Text component="span" size="sm" fw={500} truncate="end" maw={120} visibleFrom="lg" pr={6}>
          {name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** Opens the community forum in a new tab (spec §2 chat button). */
export function ForumButton() {
  const { t } = useTranslation();
  return (
    <ActionIcon
      {...ICON_BUTTON}
      component="a"
      href={FORUM_URL}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('actions.forumNewTab')}
      title={t('actions.forum')}
    >
      <IconMessages size={18} stroke={1.7} aria-hidden />
    </ActionIcon>
  );
}

/** The moon button (spec §2): toggles light/dark; Mantine's colour-scheme manager remembers the choice. */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const dark = computed === 'dark';
  const label = dark ? t('actions.toLight') : t('actions.toDark');
  return (
    <ActionIcon
      {...ICON_BUTTON}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      aria-label={label}
      title={label}
    >
      {dark ? <IconSun size={18} stroke={1.7} aria-hidden /> : <IconMoon size={18} stroke={1.7} aria-hidden />}
    </ActionIcon>
  );
}

export function HeaderActions() {
  return (
    <Group gap={6} wrap="nowrap">
      <UserButton />
      <ForumButton />
      <ColorSchemeToggle />
      <LanguageMenu />
    </Group>
  );
}
