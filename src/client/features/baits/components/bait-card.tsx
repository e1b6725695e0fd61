import { Badge, Group, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFish } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaitItem } from '#shared/contracts/catalogue';
import type { Locale } from '#shared/locales';
import { OtherNames } from '../../../components/other-names';

interface BaitCardProps {
  bait: BaitItem;
  /** Name in the page's language. */
  name: string;
  /** Name of the bait type, null when the type is unknown. */
  typeName: string | null;
  lang: Locale;
}

export function BaitCard({ bait, name, typeName, lang }: BaitCardProps) {
  const { t } = useTranslation('baits');
  const [imageFailed, setImageFailed] = useState(false);

  return (
    <Paper component="article" withBorder radius="md" p="sm" h="100%">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {imageFailed || !bait.data.image ? (
          <ThemeIcon size={56} radius="md" variant="light" color="gray" aria-hidden>
            <IconFish size={28} />
          </ThemeIcon>
        ) : (
          <Image
            src={bait.data.image}
            alt={t('list.imageAlt', { name })}
            w={56}
            h={56}
            radius="md"
            fit="contain"
            loading="lazy"
            onError={() => setImageFailed(true)}
            style={{ flex: 'none', background: 'var(--mantine-color-default-hover)' }}
          />
        )}
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Text component="h2" fw={600} size="md" lang={lang} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <OtherNames item={bait} shown={name} lang={lang} />
          <Group gap={6} mt={2}>
            <Text size="xs" c="dimmed" component="span">
              {t('list.type')}
            </Text>
            <Badge variant="light" size="sm" radius="sm" style={{ textTransform: 'none' }}>
              {typeName ?? t('list.unknownType')}
            </Badge>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
