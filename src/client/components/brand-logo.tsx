import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconFish } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { useLocalePath } from '../lib/use-locale';

/**
 * "Anglerdex" with its mark, linking to the home page of the current language. `compact` hides the name between `sm`
 * and `md`, where the top bar needs the room for its links (phones have the links in the drawer, so room for the name).
 */
export function BrandLogo({ onClick, compact = false }: { onClick?: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <UnstyledButton component={Link} to={localePath(PAGE_PATHS.home)} onClick={onClick} aria-label={t('nav.homeLink')}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size={32} radius="md" variant="filled" aria-hidden>
          <IconFish size={20} stroke={2} />
        </ThemeIcon>
        <Text
          component="span"
          fw={800}
          fz="lg"
          lts={-0.3}
          className={compact ? 'brand-name-compact' : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          Anglerdex
        </Text>
      </Group>
    </UnstyledButton>
  );
}
