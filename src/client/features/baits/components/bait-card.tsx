import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BaitItem } from '#shared/contracts/catalogue';
import type { Locale } from '#shared/locales';
import { BaitPicture } from '../../../components/bait-picture';
import { BaitTypeLine } from '../../../components/bait-type-line';
import { NewInBadge } from '../../../components/new-in-badge';
import { OtherNames } from '../../../components/other-names';
import { itemPagePath } from '../../../lib/item-links';

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

  return (
    <Paper component="article" withBorder radius="md" p="sm" h="100%">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <BaitPicture bait={bait} size={56} alt={t('list.imageAlt', { name })} />
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Text component="h2" fw={600} size="md" lang={lang} style={{ overflowWrap: 'anywhere' }}>
            {/* The name opens the bait's page (issue 26): what it catches and where. */}
            <Anchor component={Link} to={itemPagePath(bait, lang)} inherit>
              {name}
            </Anchor>
          </Text>
          <OtherNames item={bait} shown={name} lang={lang} />
          <BaitTypeLine label={t('list.type')} typeName={typeName ?? t('list.unknownType')} />
          <NewInBadge item={bait} />
        </Stack>
      </Group>
    </Paper>
  );
}
