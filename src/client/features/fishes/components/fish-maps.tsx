import { Anchor, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FishItem, MapItem } from '#shared/contracts/catalogue';
import { PAGE_PATHS } from '#shared/pages';
import { ItemLink } from '../../../components/item-link';
import { mediaUrl } from '../../../lib/api-client';
import { useBaseConfig } from '../../../lib/base-config';
import { heatMapSearch } from '../../../lib/page-links';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocalePath } from '../../../lib/use-locale';
import classes from './fish-maps.module.css';

/** The maps a fish lives on: each one's picture and name leading to its page, and the heat map of the fish there. */
export function FishMaps({ fish, name }: { fish: FishItem; name: string }) {
  const { t } = useTranslation('fish');
  const { mapById } = useBaseConfig();
  const maps = fish.data.maps.map((id) => mapById(id)).filter((map) => map !== undefined);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('maps.title')}
      </Title>
      {maps.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('maps.none')}
        </Text>
      ) : (
        <SimpleGrid
          component="ul"
          // Two a row even on a phone: a fish may live on a dozen maps.
          cols={2}
          spacing="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          data-testid="fish-maps"
        >
          {maps.map((map) => (
            <li key={map.id}>
              <FishMap map={map} fish={fish} fishName={name} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function FishMap({ map, fish, fishName }: { map: MapItem; fish: FishItem; fishName: string }) {
  const { t } = useTranslation('fish');
  const localePath = useLocalePath();
  const mapName = useDisplayName()(map);
  return (
    <Paper withBorder radius="md" p="xs" h="100%">
      <Group gap="sm" wrap="nowrap">
        <div className={classes.picture} style={{ aspectRatio: `${map.data.width} / ${map.data.height}` }}>
          {/* Decorative: the map's name stands beside it. */}
          <Image src={mediaUrl(map.data.image)} alt="" h="100%" w="100%" fit="cover" loading="lazy" />
        </div>
        {/* Apart enough to tap one and not the other (WCAG 2.5.8: 24 px around each small link). */}
        <Stack gap="xs" miw={0}>
          <ItemLink item={map} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="map-link" />
          <Anchor
            component={Link}
            to={localePath(`${PAGE_PATHS.home}${heatMapSearch(map.id, fish.id)}`)}
            size="xs"
            aria-label={t('maps.heatMapLabel', { fish: fishName, map: mapName })}
          >
            {t('maps.heatMap')}
          </Anchor>
        </Stack>
      </Group>
    </Paper>
  );
}
