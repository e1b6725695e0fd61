import { Badge, Button, Code, Group, NumberInput, SimpleGrid, Table, Text, Title } from '@mantine/core';
import {
  IconBan,
  IconCrown,
  IconMailCheck,
  IconHistory,
  IconPlayerPlay,
  IconReceiptRefund,
  IconUserSearch,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VIP_GRANT_MAX_DAYS } from '#shared/admin-rules';
import type { AdminUser, AdminUserDetail } from '#shared/contracts/admin';
import type { Order } from '#shared/contracts/vip';
import { PAGE_PATHS } from '#shared/pages';
import { VipBadge } from '../../../components/vip-badge';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { LoadingState } from '../../../components/loading-state';
import { SearchInput } from '../../../components/search-input';
import { formatDateTime } from '../../../lib/format-date';
import { parsePage, parseSearchText, setParam, useSearch } from '../../../lib/search-params';
import { toast } from '../../../lib/toast';
import { useLocalePath } from '../../../lib/use-locale';
import { useAdminUser, useAdminUsers, useGrantVip, useRefund, useUserAction } from '../api/admin-queries';
import { ConfirmAction } from './confirm-action';
import { Field } from './field';
import { DetailPanel } from './detail-panel';
import { ResultRow, SearchList } from './search-list';

/** Users: the search (in the URL, `?q=`), its results, and the chosen user (`?user=`) with their orders and actions. */
export function UsersScreen() {
  const { t } = useTranslation('admin');
  const [params, edit] = useSearch();
  const q = parseSearchText(params.get('q'));
  const page = parsePage(params.get('page'));
  const selected = params.get('user');
  const users = useAdminUsers({ q, page });

  const choose = (id: string | null) => edit((next) => setParam(next, 'user', id));

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <SearchList
        titleId="users-title"
        title={t('users.searchTitle')}
        controls={
          <SearchInput
            label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            clearLabel={t('users.clearSearch')}
            delay={300}
            value={q}
            onCommit={(value) =>
              edit(
                (next) => {
                  setParam(next, 'q', value || null);
                  setParam(next, 'page', null);
                },
                { replace: true },
              )
            }
          />
        }
        query={users}
        texts={{ loading: t('users.loading'), loadFailed: t('users.loadFailed'), none: t('users.none') }}
        emptyIcon={IconUserSearch}
        testId="user-results"
        page={page}
        onPage={(next) => edit((p) => setParam(p, 'page', next > 1 ? next : null))}
        row={(user) => (
          <ResultRow
            key={user.id}
            name={user.nickname}
            detail={user.email}
            badges={<UserBadges user={user} />}
            active={user.id === selected}
            onOpen={() => choose(user.id)}
            testId="user-row"
          />
        )}
      />
      {selected ? <UserPanel id={selected} onClose={() => choose(null)} /> : null}
    </SimpleGrid>
  );
}

function UserBadges({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  return (
    <Group gap={4}>
      {!user.is_active ? (
        <Badge color="red" variant="light" size="sm">
          {t('users.inactive')}
        </Badge>
      ) : null}
      {user.is_superuser ? (
        <Badge color="grape" variant="light" size="sm">
          {t('users.superuser')}
        </Badge>
      ) : null}
      {user.is_vip ? <VipBadge size="sm" /> : null}
      {!user.is_verified ? (
        <Badge color="gray" variant="outline" size="sm">
          {t('users.unverified')}
        </Badge>
      ) : null}
    </Group>
  );
}

type Dialog = 'deactivate' | 'reactivate' | 'verify' | 'vip' | { refund: Order } | null;

function UserPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const detail = useAdminUser(id);
  if (detail.isPending) return <LoadingState>{t('users.loadingOne')}</LoadingState>;
  if (detail.isError)
    return (
      <LoadFailedAlert
        title={t('users.loadFailedOne')}
        retryLabel={t('list.retry')}
        onRetry={() => void detail.refetch()}
      />
    );
  return <UserDetailView detail={detail.data} onClose={onClose} />;
}

function UserDetailView({ detail, onClose }: { detail: AdminUserDetail; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const localePath = useLocalePath();
  const { user, orders } = detail;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [days, setDays] = useState<number | string>(30);
  const action = useUserAction();
  const grant = useGrantVip();
  const refund = useRefund();
  const done = (message: string) => () => toast.success(message);
  const auditLink = `${localePath(PAGE_PATHS.adminAudit)}?target_type=user&target_id=${encodeURIComponent(user.id)}`;

  return (
    <DetailPanel
      itemKey={user.id}
      titleId="user-title"
      title={user.nickname}
      subtitle={
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      }
      closeLabel={t('users.close')}
      onClose={onClose}
    >
      <UserBadges user={user} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="md" data-testid="user-facts">
        <Field label={t('users.id')} value={<Code>{user.id}</Code>} />
        <Field label={t('users.created')} value={formatDateTime(user.created_at)} />
        <Field label={t('users.logger')} value={user.client_id ? <Code>{user.client_id}</Code> : t('users.noLogger')} />
        <Field
          label={t('users.vipUntil')}
          value={user.vip_expire_at ? formatDateTime(user.vip_expire_at) : t('users.never')}
          testId="vip-until"
        />
      </SimpleGrid>

      <Group gap="xs" mt="lg">
        {user.is_active ? (
          <Button
            color="red"
            variant="light"
            leftSection={<IconBan size={16} aria-hidden />}
            onClick={() => setDialog('deactivate')}
          >
            {t('users.deactivate')}
          </Button>
        ) : (
          <Button
            variant="light"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={() => setDialog('reactivate')}
          >
            {t('users.reactivate')}
          </Button>
        )}
        {!user.is_verified ? (
          <Button
            variant="light"
            leftSection={<IconMailCheck size={16} aria-hidden />}
            onClick={() => setDialog('verify')}
          >
            {t('users.verify')}
          </Button>
        ) : null}
        <Button
          color="grape"
          variant="light"
          leftSection={<IconCrown size={16} aria-hidden />}
          onClick={() => setDialog('vip')}
        >
          {t('users.grantVip')}
        </Button>
        <Button component={Link} to={auditLink} variant="subtle" leftSection={<IconHistory size={16} aria-hidden />}>
          {t('users.history')}
        </Button>
      </Group>

      <Title order={3} fz="md" mt="xl" mb="xs">
        {t('users.orders')}
      </Title>
      {orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('users.noOrders')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520} type="native">
          <Table verticalSpacing="xs" aria-label={t('users.orders')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('users.orderNo')}</Table.Th>
                <Table.Th scope="col">{t('users.orderStatus')}</Table.Th>
                <Table.Th scope="col">{t('users.orderCreated')}</Table.Th>
                <Table.Th scope="col">{t('users.orderActions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map((order) => (
                <Table.Tr key={order.order_no} data-order={order.order_no}>
                  <Table.Td>
                    <Code>{order.order_no}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={order.status === 'paid' ? 'teal' : 'gray'}>
                      {t(`orderStatus.${order.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.created_at)}</Table.Td>
                  <Table.Td>
                    {order.status === 'paid' ? (
                      <Button
                        size="compact-sm"
                        color="red"
                        variant="light"
                        leftSection={<IconReceiptRefund size={14} aria-hidden />}
                        onClick={() => setDialog({ refund: order })}
                        aria-label={t('users.refundLabel', { order: order.order_no })}
                      >
                        {t('users.refund')}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <ConfirmAction
        opened={dialog === 'deactivate'}
        title={t('users.deactivateTitle', { name: user.nickname })}
        confirmLabel={t('users.deactivate')}
        color="red"
        withPassword
        onClose={() => setDialog(null)}
        onConfirm={({ reason, password }) =>
          action
            .mutateAsync({ id: user.id, action: 'deactivate', reason: reason || undefined, current_password: password })
            .then(done(t('users.deactivated')))
        }
      >
        <Text size="sm">{t('users.deactivateText')}</Text>
      </ConfirmAction>
      <ConfirmAction
        opened={dialog === 'reactivate'}
        title={t('users.reactivateTitle', { name: user.nickname })}
        confirmLabel={t('users.reactivate')}
        onClose={() => setDialog(null)}
        onConfirm={({ reason }) =>
          action
            .mutateAsync({ id: user.id, action: 'reactivate', reason: reason || undefined })
            .then(done(t('users.reactivated')))
        }
      />
      <ConfirmAction
        opened={dialog === 'verify'}
        title={t('users.verifyTitle', { name: user.nickname })}
        confirmLabel={t('users.verify')}
        onClose={() => setDialog(null)}
        onConfirm={({ reason }) =>
          action
            .mutateAsync({ id: user.id, action: 'verify', reason: reason || undefined })
            .then(done(t('users.verified')))
        }
      />
      <ConfirmAction
        opened={dialog === 'vip'}
        title={t('users.grantTitle', { name: user.nickname })}
        confirmLabel={t('users.grant')}
        color="grape"
        reasonRequired
        onClose={() => setDialog(null)}
        onConfirm={({ reason }) =>
          grant.mutateAsync({ id: user.id, days: Number(days), reason }).then(done(t('users.granted', { days })))
        }
      >
        <Text size="sm">{t('users.grantText')}</Text>
        <NumberInput
          label={t('users.days')}
          value={days}
          onChange={setDays}
          min={1}
          max={VIP_GRANT_MAX_DAYS}
          allowDecimal={false}
          allowNegative={false}
          required
        />
      </ConfirmAction>
      <ConfirmAction
        opened={typeof dialog === 'object' && dialog !== null}
        title={t('users.refundTitle', { order: typeof dialog === 'object' && dialog ? dialog.refund.order_no : '' })}
        confirmLabel={t('users.refund')}
        color="red"
        withPassword
        onClose={() => setDialog(null)}
        onConfirm={({ reason, password }) =>
          refund
            .mutateAsync({
              orderNo: typeof dialog === 'object' && dialog ? dialog.refund.order_no : '',
              current_password: password,
              reason: reason || undefined,
            })
            .then(done(t('users.refunded')))
        }
      >
        <Text size="sm">{t('users.refundText')}</Text>
      </ConfirmAction>
    </DetailPanel>
  );
}
