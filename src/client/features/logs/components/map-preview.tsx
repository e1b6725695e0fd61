import { Box, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapItem } from '#shared/contracts/catalogue';
import { mediaUrl } from '../../../lib/api-client';
import { mapPosition } from '../log-format';

interface MapPreviewProps {
  map: MapItem;
  mapName: string;
  x: number;
  y: number;
}

/**
 * The map's picture, small, with a marker where the catch was made (x grows east, y north;
 * docs/product-requirements.md §2 location).
 */
export function MapPreview({ map, mapName, x, y }: MapPreviewProps) {
  const { t } = useTranslation('logs');
  const [failed, setFailed] = useState(false);
  const { left, top } = mapPosition(x, y, map.data.bounds);
  const label = t('detail.mapPreview', { map: mapName });
  return (
    <Box
      pos="relative"
      w="100%"
      maw={360}
      style={{
        aspectRatio: `${map.data.width} / ${map.data.height}`,
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        border: '1px solid var(--mantine-color-default-border)',
        background: 'var(--mantine-color-default-hover)',
      }}
      role="img"
      aria-label={label}
      data-testid="map-preview"
    >
      {!failed && (
        <img
          src={mediaUrl(map.data.image)}
          alt=""
          onError={() => setFailed(true)}
          style={{ width: '100%', height: '100%', objectFit: 'fill', display: 'block' }}
        />
      )}
      {failed && (
        <Text size="xs" c="dimmed" pos="absolute" top={8} left={8}>
          {mapName}
        </Text>
      )}
      <Box
        aria-hidden
        data-testid="map-marker"
        pos="absolute"
        style={{
          left: `${left * 100}%`,
          top: `${top * 100}%`,
          width: 18,
          height: 18,
          marginLeft: -9,
          marginTop: -9,
          borderRadius: '50%',
          background: 'var(--mantine-color-red-filled)',
          border: '3px solid white',
          boxShadow: '0 0 0 2px rgba(0, 0, 0, 0.45), 0 2px 6px rgba(0, 0, 0, 0.4)',
        }}
      />
    </Box>
  );
}
