import { Anchor, Group, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BaitTypeLine } from '../../../components/bait-type-line';
import { BaitPicture } from '../../../components/bait-picture';
import { OtherNames } from '../../../components/other-names';
import { DROPDOWN_OFFSET, DROPDOWN_POSITION } from '../../../components/theme';
import { useBaseConfig } from '../../../lib/base-config';
import { itemPagePath } from '../../../lib/item-links';
import { useDisplayName } from '../../../lib/use-display-name';
import { useLocale } from '../../../lib/use-locale';

/**
 * A bait in a log (docs/product-requirements.md §2: "clicking a bait shows bait info"): its name as a button, with its
 * bait type beneath; the button opens its picture, names in the other languages and type, and a link to the bait's
 * page (issue 26: what it catches and where). The link is in the popover, not the name: the name already opens it.
 */
function BaitInfo({ baitId }: { baitId: number }) {
  const { t } = useTranslation('logs');
  const lang = useLocale();
  const displayName = useDisplayName();
  const { baitById, fishWayById } = useBaseConfig();
  const bait = baitById(baitId);
  if (!bait) return <Text size="sm">{t('bait.unknown')}</Text>;
  const name = displayName(bait);
  const type = fishWayById(bait.data.fish_way);
  const typeName = type ? displayName(type) : t('bait.unknownType');

  return (
    <Popover position={DROPDOWN_POSITION} offset={DROPDOWN_OFFSET} withArrow shadow="md" width={260} trapFocus>
      <Popover.Target>
        {/* Named by what it shows (WCAG 2.5.3), then what it does, for screen readers. */}
        <UnstyledButton aria-haspopup="dialog" style={{ textAlign: 'start', borderRadius: 'var(--mantine-radius-sm)' }}>
          <Text size="sm" component="span" td="underline" style={{ textDecorationStyle: 'dotted' }} lang={lang}>
            {name}
          </Text>
          <Text size="xs" c="dimmed" component="span" display="block">
            {typeName}
          </Text>
          <VisuallyHidden>{` (${t('bait.show')})`}</VisuallyHidden>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <BaitPicture bait={bait} size={56} alt={t('bait.imageAlt', { name })} />
          <Stack gap={4} miw={0}>
            <Text fw={600} lang={lang} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <OtherNames item={bait} shown={name} lang={lang} />
            <BaitTypeLine label={t('bait.type')} typeName={typeName} />
            <Anchor component={Link} to={itemPagePath(bait, lang)} size="sm" mt={4}>
              <Group gap={4} component="span" wrap="nowrap">
                {t('bait.page')}
                <IconArrowRight size={14} aria-hidden />
              </Group>
            </Anchor>
          </Stack>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The bait(s) of a catch: one, or the two of a sandwich rig. */
export function CatchBaits({ baitId, bait2Id }: { baitId: number; bait2Id: number | null }) {
  const { t } = useTranslation('logs');
  if (bait2Id === null) return <BaitInfo baitId={baitId} />;
  return (
    <Stack gap={4} aria-label={t('bait.sandwich')} role="group">
      <BaitInfo baitId={baitId} />
      <BaitInfo baitId={bait2Id} />
    </Stack>
  );
}
