import { Image, ThemeIcon } from '@mantine/core';
import { IconFish } from '@tabler/icons-react';
import { useState } from 'react';
import type { BaitItem } from '#shared/contracts/catalogue';
import { mediaUrl } from '../lib/api-client';

/**
 * The bait's picture from the catalogue, or a neutral icon when it has none or it fails to load. Decorative by
 * default, where the bait's name stands beside it (a row a screen reader reads once); `alt` names it where the picture
 * is shown for itself (the bait list's cards, a log's bait info).
 */
export function BaitPicture({
  bait,
  size,
  radius = 'md',
  alt = '',
}: {
  bait: BaitItem | undefined;
  size: number;
  radius?: 'sm' | 'md';
  alt?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (failed || !bait?.data.image) {
    return (
      <ThemeIcon size={size} radius={radius} variant="light" color="gray" aria-hidden style={{ flex: 'none' }}>
        <IconFish size={Math.max(14, size / 2)} />
      </ThemeIcon>
    );
  }
  return (
    <Image
      src={mediaUrl(bait.data.image)}
      alt={alt}
      w={size}
      h={size}
      radius={radius}
      fit="contain"
      loading="lazy"
      onError={() => setFailed(true)}
      style={{ flex: 'none', background: 'var(--mantine-color-default-hover)' }}
    />
  );
}
