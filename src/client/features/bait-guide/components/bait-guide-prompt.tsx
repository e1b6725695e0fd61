import { Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import { IconFish } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBaseConfig } from '../../../lib/base-config';
import { useDisplayName } from '../../../lib/use-display-name';
import { baitGuideSearch } from '../../../lib/page-links';
import { useTopBaits } from '../../../lib/top-baits';

const POPULAR_COUNT = 8;

/** Before a fish is picked: what to do, and the fish reported most in the window as one-click starting points. */
export function BaitGuidePrompt() {
  const { t } = useTranslation('bait-guide');
  const displayName = useDisplayName();
  const { fishById } = useBaseConfig();
  const top = useTopBaits(null);
  const popular = [...(top.data?.fishes ?? [])]
    .sort((a, b) => b.total - a.total || a.fish_id - b.fish_id)
    .map((entry) => fishById(entry.fish_id))
    .filter((fish) => fish !== undefined)
    .slice(0, POPULAR_COUNT);

  return (
    <EmptyState
      py="xl"
      icon={<IconFish size={32} aria-hidden />}
      withIndicatorBackground
      title={t('prompt.title')}
      description={t('prompt.description')}
    >
      {popular.length > 0 && (
        <Stack gap="xs" align="center" mt="md">
          <Text size="sm" c="dimmed" id="bait-guide-popular">
            {t('prompt.popular')}
          </Text>
          <Group
            component="ul"
            gap="xs"
            justify="center"
            p={0}
            m={0}
            aria-labelledby="bait-guide-popular"
            style={{ listStyle: 'none' }}
          >
            {popular.map((fish) => (
              <li key={fish.id}>
                <Button component={Link} to={baitGuideSearch(fish.id)} variant="light" size="xs" radius="xl">
                  {displayName(fish)}
                </Button>
              </li>
            ))}
          </Group>
        </Stack>
      )}
    </EmptyState>
  );
}
