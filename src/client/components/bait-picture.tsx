import { Image, ThemeIcon } from '@mantine/core';
import { IconFish } from '@tabler/icons-react';
import { useState } from 'react';
import type { BaitItem } from '#shared/contracts/catalogue';
import { mediaUrl } from '../lib/api-client';

/**
 * The bait's picture from the catalogue, or a neutral icon when it has none or it fails to load. Decorative: the
 * bait's name is always beside it, so the picture adds no text of its own to the row a screen reader reads. Used by
 * the bait guide's ranking and the encyclopedia's top baits.
 */
export function BaitPicture({
  bait,
  size,
  radius = 'md',
}: {
  bait: BaitItem | undefined;
  size: number;
  radius?: 'sm' | 'md';
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
      alt=""
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
