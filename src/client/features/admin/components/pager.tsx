import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/format-number';
import { useLocale } from '../../../lib/use-locale';

/** The total and the pages of a console list (20 a page). */
export function Pager({
  total,
  page,
  pageSize = 20,
  onPage,
}: {
  total: number;
  page: number;
  pageSize?: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group component="nav" aria-label={t('list.pages')} justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed">
        {t('list.total', { count: total, formatted: formatCount(total, locale) })}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          siblings={0}
          getItemProps={(item) => ({ 'aria-label': t('list.page', { page: item }) })}
          getControlProps={(control) => ({ 'aria-label': t(`list.${control}`) })}
        />
      ) : null}
    </Group>
  );
}
