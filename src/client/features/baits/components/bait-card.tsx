import { Badge, Box, Group, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFish } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaitItem } from '#shared/contracts/catalogue';
import type { Locale } from '#shared/locales';

interface BaitCardProps {
  bait: BaitItem;
  /** Name in the page's language. */
  name: string;
  /** Name of the bait type, null when the type is unknown. */
  typeName: string | null;
  lang: Locale;
}

/**
 * The names in the other languages, each once, so a player can match what another language's client shows. A
 * Japanese page lists the English name first: its initial is the index letter of the en and ja lists.
 */
function otherNames(bait: BaitItem, shown: string, page: Locale): { lang: Locale; text: string }[] {
  const zh = { lang: 'zh' as const, text: bait.name };
  const en = { lang: 'en' as const, text: bait.name_en };
  const ja = { lang: 'ja' as const, text: bait.name_ja };
  const all: { lang: Locale; text: string | null }[] = page === 'ja' ? [en, zh, ja] : [zh, en, ja];
  const seen = new Set([shown]);
  return all.filter((entry): entry is { lang: Locale; text: string } => {
    if (!entry.text || seen.has(entry.text)) return false;
    seen.add(entry.text);
    return true;
  });
}

export function BaitCard({ bait, name, typeName, lang }: BaitCardProps) {
  const { t } = useTranslation('baits');
  const [imageFailed, setImageFailed] = useState(false);
  const others = otherNames(bait, name, lang);

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
          {others.length > 0 && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {others.map((other, index) => (
                <Box component="span" key={other.lang} lang={other.lang}>
                  {index > 0 && ' · '}
                  {other.text}
                </Box>
              ))}
            </Text>
          )}
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
