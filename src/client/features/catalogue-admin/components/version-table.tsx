import { Badge, Button, Code, Table, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CatalogueVersionList } from '#shared/contracts/catalogue-package';
import { formatDateTime } from '../../../lib/format-date';

/** The versions applied, newest first, the live one marked; every other one can be rolled back to. */
export function VersionTable({
  versions,
  onRollback,
}: {
  versions: CatalogueVersionList;
  onRollback: (version: number) => void;
}) {
  const { t } = useTranslation('catalogue-admin');
  if (versions.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('versions.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table verticalSpacing="sm" striped="even" aria-label={t('versions.caption')} data-testid="version-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('versions.id')}</Table.Th>
            <Table.Th scope="col">{t('versions.patch')}</Table.Th>
            <Table.Th scope="col">{t('versions.game')}</Table.Th>
            <Table.Th scope="col">{t('versions.kind')}</Table.Th>
            <Table.Th scope="col">{t('versions.appliedBy')}</Table.Th>
            <Table.Th scope="col">{t('versions.appliedAt')}</Table.Th>
            <Table.Th scope="col">{t('versions.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.items.map((version) => {
            const live = version.id === versions.live;
            return (
              <Table.Tr key={version.id} data-version={version.id} data-live={live || undefined}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text span fw={600}>
                    {version.id}
                  </Text>
                  {live ? (
                    <Badge ml={8} color="teal" variant="filled" size="sm">
                      {t('versions.live')}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Code>{version.patch}</Code>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{version.game}</Table.Td>
                <Table.Td>
                  {version.kind === 'rollback'
                    ? t('versions.kindRollback', { version: version.restored_from ?? '' })
                    : t('versions.kindImport')}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{version.applied_by}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  <Text size="sm" component="time" dateTime={new Date(version.applied_at).toISOString()}>
                    {formatDateTime(version.applied_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {live ? null : (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="orange"
                      leftSection={<IconArrowBackUp size={14} aria-hidden />}
                      aria-label={t('versions.rollbackLabel', { version: version.id })}
                      onClick={() => onRollback(version.id)}
                    >
                      {t('versions.rollback')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
