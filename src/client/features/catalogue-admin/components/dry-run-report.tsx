import { Alert, Badge, Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconEqual } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueDiff, CatalogueDryRun, PackageProblem } from '#shared/contracts/catalogue-package';
import { formatCount } from '../../../lib/format-number';
import { useLocale } from '../../../lib/use-locale';
import { problemPlace, problemsByFile, problemText, shownValue } from '../problem-text';

/** Long lists (a first import adds thousands of items) show this many until "show all". */
const FIRST_SHOWN = 50;

type Impact = { catches: number; sales: number; records: number };
type DiffItem = CatalogueDiff['added'][number];

/** Every problem, grouped by file, each with its item and field and its words in the reader's language. */
export function ProblemList({ problems }: { problems: readonly PackageProblem[] }) {
  const { t } = useTranslation('catalogue-admin');
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('report.problems', { count: problems.length })}
      data-testid="package-problems"
    >
      <Stack gap="sm" mt="xs">
        {problemsByFile(problems).map(([file, list]) => (
          <div key={file} data-file={file}>
            <Text fw={600} size="sm">
              {file ? <Code>{file}</Code> : t('report.packageFile')}
            </Text>
            <List size="sm" spacing={4} mt={4}>
              {list.map((problem, index) => {
                const place = problemPlace(t, problem);
                return (
                  <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
                    {place ? (
                      <Text span size="sm" c="dimmed">
                        {place}:{' '}
                      </Text>
                    ) : null}
                    {problemText(t, problem)}
                  </List.Item>
                );
              })}
            </List>
          </div>
        ))}
      </Stack>
    </Alert>
  );
}

function ImpactLine({ impact }: { impact: Impact | null }) {
  const { t } = useTranslation('catalogue-admin');
  const locale = useLocale();
  if (!impact || impact.catches + impact.sales + impact.records === 0) return null;
  return (
    <Text size="xs" c="var(--mantine-color-orange-light-color)" data-testid="impact">
      {t('report.impact', {
        catches: formatCount(impact.catches, locale),
        sales: formatCount(impact.sales, locale),
        records: formatCount(impact.records, locale),
      })}
    </Text>
  );
}

/** "Fish 1201 · 金色鳟鱼": the diff names items by their Chinese name (`name`), marked as such for fonts and readers. */
function ItemName({ item }: { item: DiffItem }) {
  const { t } = useTranslation('catalogue-admin');
  return (
    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
      {t('report.itemLabel', { group: t(`groups.${item.group}`), id: item.id })} <span lang="zh">{item.name}</span>
    </Text>
  );
}

/** One part of the diff (added, changed …): its count, then its items, the first ones until "show all". */
function DiffSection<T extends DiffItem>({
  kind,
  items,
  render,
}: {
  kind: 'added' | 'changed' | 'removed' | 'deprecated';
  items: readonly T[];
  render: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('catalogue-admin');
  const locale = useLocale();
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, FIRST_SHOWN);
  const color = { added: 'teal', changed: 'blue', removed: 'red', deprecated: 'gray' }[kind];
  return (
    <section aria-label={t(`report.${kind}`)} data-testid={`diff-${kind}`}>
      <Group gap="xs" mb={4}>
        <Title order={4} fz="sm">
          {t(`report.${kind}`)}
        </Title>
        <Badge color={color} variant="light" size="sm">
          {formatCount(items.length, locale)}
        </Badge>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('report.none')}
        </Text>
      ) : (
        <Stack gap={6}>
          {shown.map((item) => (
            <div key={`${item.group}-${item.id}`}>{render(item)}</div>
          ))}
          {items.length > shown.length ? (
            <Button variant="subtle" size="compact-sm" onClick={() => setAll(true)} w="fit-content">
              {t('report.showAll', { count: items.length })}
            </Button>
          ) : null}
        </Stack>
      )}
    </section>
  );
}

/** The diff against the live catalogue: added, changed field by field, removed, deprecated, with their impact. */
export function DiffView({ diff, rebuildMaps }: { diff: CatalogueDiff; rebuildMaps: readonly number[] }) {
  const { t } = useTranslation('catalogue-admin');
  const empty = t('report.empty');
  return (
    <Stack gap="md" data-testid="package-diff">
      <DiffSection kind="added" items={diff.added} render={(item) => <ItemName item={item} />} />
      <DiffSection
        kind="changed"
        items={diff.changed}
        render={(item) => (
          <>
            <ItemName item={item} />
            <List size="xs" spacing={2} ml="xs">
              {item.fields.map((change) => (
                <List.Item key={change.field} style={{ overflowWrap: 'anywhere' }}>
                  <Code>{change.field}</Code> {shownValue(change.before, empty)} → {shownValue(change.after, empty)}
                </List.Item>
              ))}
            </List>
            <ImpactLine impact={item.impact} />
          </>
        )}
      />
      <DiffSection
        kind="removed"
        items={diff.removed}
        render={(item) => (
          <>
            <ItemName item={item} />
            <ImpactLine impact={item.impact} />
          </>
        )}
      />
      <DiffSection kind="deprecated" items={diff.deprecated} render={(item) => <ItemName item={item} />} />
      {rebuildMaps.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t('report.rebuild', { maps: rebuildMaps.join(', ') })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A dry run's (or a rollback preview's) answer: its problems, or that nothing changes, or the diff. */
export function DryRunReport({ report }: { report: CatalogueDryRun }) {
  const { t } = useTranslation('catalogue-admin');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="dry-run-report">
      <Stack gap="md">
        {report.manifest ? (
          <Text fw={600}>{t('report.manifest', { game: report.manifest.game, patch: report.manifest.patch })}</Text>
        ) : null}
        {report.problems.length > 0 ? <ProblemList problems={report.problems} /> : null}
        {report.ok && report.unchanged ? (
          <Alert color="gray" variant="light" icon={<IconEqual aria-hidden />}>
            {t('report.unchanged')}
          </Alert>
        ) : null}
        {report.ok && !report.unchanged ? (
          <Group gap={6} c="var(--mantine-color-teal-light-color)">
            <IconCircleCheck size={18} aria-hidden />
            <Text size="sm">{t('report.ok')}</Text>
          </Group>
        ) : null}
        {report.diff && !report.unchanged ? <DiffView diff={report.diff} rebuildMaps={report.rebuild_maps} /> : null}
      </Stack>
    </Paper>
  );
}
