import { Box, Group, Progress, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CollectionMapProgress } from '#shared/contracts/collection';
import { useBaseConfig } from '../../../lib/base-config';
import { useDisplayName } from '../../../lib/use-display-name';
import classes from './map-progress-list.module.css';

interface MapProgressListProps {
  maps: CollectionMapProgress[];
  /** The map the fish below are filtered by. */
  selected: number | null;
  /** Shows the fish of a map below, or every fish again when it is the one selected. */
  onSelect: (map: number | null) => void;
}

/**
 * "12 of 19 fish of this lake" for every map with fish: a button each, which narrows the fish below to that map's
 * (pressed again: every fish). The bar is drawn for the eye; the button's own text says the numbers.
 */
export function MapProgressList({ maps, selected, onSelect }: MapProgressListProps) {
  const { t } = useTranslation('collection');
  const displayName = useDisplayName();
  const { mapById } = useBaseConfig();
  return (
    <Box component="section" aria-labelledby="collection-maps">
      <Title order={2} fz="lg" mb="sm" id="collection-maps">
        {t('maps.title')}
      </Title>
      <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" p={0} m={0} className={classes.list}>
        {maps.map((progress) => {
          const map = mapById(progress.map_id);
          const name = map ? displayName(map) : t('fish.unknownMap');
          const pressed = selected === progress.map_id;
          const done = progress.caught === progress.total;
          return (
            <li key={progress.map_id}>
              <UnstyledButton
                className={classes.button}
                aria-pressed={pressed}
                data-map-id={progress.map_id}
                onClick={() => onSelect(pressed ? null : progress.map_id)}
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600} truncate>
                    {name}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {t('maps.progress', { caught: progress.caught, total: progress.total })}
                  </Text>
                </Group>
                <Progress
                  value={(progress.caught / progress.total) * 100}
                  color={done ? 'teal' : undefined}
                  size="sm"
                  mt={6}
                  aria-hidden
                />
              </UnstyledButton>
            </li>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
