import { Avatar, useMantineTheme, type AvatarProps } from '@mantine/core';
import { mediaUrl } from '../lib/api-client';
import type { UserInfo } from '../lib/session';

interface UserAvatarProps extends Omit<AvatarProps, 'src' | 'name' | 'alt'> {
  user: Pick<UserInfo, 'avatar' | 'nickname' | 'email'>;
  /** Text for screen readers; '' when the name is already written next to it. */
  alt?: string;
}

/**
 * The user's picture, or their initials when there is none (or it fails to load). Filled with the primary colour,
 * whose text colour is chosen per colour scheme for contrast (theme.ts).
 */
export function UserAvatar({ user, alt = '', ...props }: UserAvatarProps) {
  // Named explicitly: Avatar falls back to gray, whose white initials fail contrast in dark mode.
  const { primaryColor } = useMantineTheme();
  return (
    <Avatar
      color={primaryColor}
      src={mediaUrl(user.avatar)}
      name={user.nickname || user.email}
      alt={alt}
      variant="filled"
      {...props}
    />
  );
}
