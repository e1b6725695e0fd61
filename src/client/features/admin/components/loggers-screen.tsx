import { Badge, Button, Code, Group, SegmentedControl, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import {
  IconBan,
  IconEye,
  IconEyeOff,
  IconFlag,
  IconFlagOff,
  IconHistory,
  IconKeyOff,
  IconPlayerPlay,
  IconSearch,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGGER_STATES } from '#shared/admin-rules';
import type { AdminLogger } from '#shared/contracts/admin';
import { PAGE_PATHS } from '#shared/pages';
import { SearchInput } from '../../../components/search-input';
import { formatDateTime } from '../../../lib/format-date';
import { formatCount } from '../../../lib/format-number';
import { parseOneOf, parsePage, parseSearchText, setParam, useSearch } from '../../../lib/search-params';
import { toast } from '../../../lib/toast';
import { useLocale, useLocalePath } from '../../../lib/use-locale';
import { type LoggerAction, useAdminLoggers, useLoggerAction, useLoggerRange } from '../api/admin-queries';
import { ConfirmAction } from './confirm-action';
import { Field } from './field';
import { DetailPanel } from './detail-panel';
import { ResultRow, SearchList } from './search-list';

/**
 * Loggers (decision 0041): the search (`?q=`, `?state=`), its results, and the chosen logger (`?logger=`) with its
 * counts, its actions and the time-range form that hides or restores its catches.
 */
export function LoggersScreen() {
  const { t } = useTranslation('admin');
  const [params, edit] = useSearch();
  const q = parseSearchText(params.get('q'));
  const state = parseOneOf(params.get('state'), LOGGER_STATES) ?? 'all';
  const page = parsePage(params.get('page'));
  const selected = params.get('logger');
  const loggers = useAdminLoggers({ q, state, page });
  const chosen = loggers.data?.items.find((logger) => logger.id === selected);

  const choose = (id: string | null) => edit((next) => setParam(next, 'logger', id));
  const filter = (key: 'q' | 'state', value: string | null) =>
    edit(
      (next) => {
        setParam(next, key, value);
        setParam(next, 'page', null);
      },
      { replace: true },
    );

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <SearchList
        titleId="loggers-title"
        title={t('loggers.searchTitle')}
        controls={
          <>
            <SearchInput
              label={t('loggers.search')}
              placeholder={t('loggers.searchPlaceholder')}
              clearLabel={t('loggers.clearSearch')}
              delay={300}
              value={q}
              onCommit={(value) => filter('q', value || null)}
            />
            <SegmentedControl
              fullWidth
              mt="sm"
              value={state}
              onChange={(value) => filter('state', value === 'all' ? null : value)}
              data={LOGGER_STATES.map((value) => ({ value, label: t(`loggers.state.${value}`) }))}
              aria-label={t('loggers.stateLabel')}
            />
          </>
        }
        query={loggers}
        texts={{ loading: t('loggers.loading'), loadFailed: t('loggers.loadFailed'), none: t('loggers.none') }}
        emptyIcon={IconSearch}
        testId="logger-results"
        page={page}
        onPage={(next) => edit((p) => setParam(p, 'page', next > 1 ? next : null))}
        row={(logger) => (
          <LoggerRow key={logger.id} logger={logger} active={logger.id === selected} onOpen={() => choose(logger.id)} />
        )}
      />
      {chosen ? <LoggerPanel logger={chosen} onClose={() => choose(null)} /> : null}
    </SimpleGrid>
  );
}

/** The name an operator knows a logger by: its player, else its bound user, else its id. */
const nameOf = (logger: AdminLogger) => logger.player_name ?? logger.bound_user?.nickname ?? logger.id;

function LoggerBadges({ logger }: { logger: AdminLogger }) {
  const { t } = useTranslation('admin');
  return (
    <Group gap={4}>
      {logger.blocked_at ? (
        <Badge color="red" variant="light" size="sm">
          {t('loggers.blocked')}
        </Badge>
      ) : null}
      {logger.flagged_at ? (
        <Badge color="grape" variant="light" size="sm">
          {t('loggers.flagged')}
        </Badge>
      ) : null}
      {logger.on_probation ? (
        <Badge color="gray" variant="outline" size="sm">
          {t('loggers.probation')}
        </Badge>
      ) : null}
    </Group>
  );
}

function LoggerRow({ logger, active, onOpen }: { logger: AdminLogger; active: boolean; onOpen: () => void }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  return (
    <ResultRow
      name={nameOf(logger)}
      detail={
        <>
          {logger.id} ·{' '}
          {t('loggers.counts', {
            accepted: formatCount(logger.accepted, locale),
            refused: formatCount(logger.refused, locale),
          })}
        </>
      }
      badges={<LoggerBadges logger={logger} />}
      active={active}
      onOpen={onOpen}
      testId="logger-row"
    />
  );
}

type Dialog = LoggerAction | 'hide' | 'restore' | null;

/** `datetime-local`'s value (read as UTC) → ISO 8601, or null while incomplete. */
const utcOf = (value: string) => (/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(value) ? `${value}:00Z` : null);

function LoggerPanel({ logger, onClose }: { logger: AdminLogger; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const localePath = useLocalePath();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const action = useLoggerAction();
  const range = useLoggerRange();
  const name = nameOf(logger);
  const auditLink = `${localePath(PAGE_PATHS.adminAudit)}?target_type=logger&target_id=${encodeURIComponent(logger.id)}`;
  const count = (value: number) => formatCount(value, locale);
  const when = (value: string | null) => (value ? formatDateTime(value) : t('loggers.never'));
  const span = { from: utcOf(from), to: utcOf(to) };
  const rangeReady = span.from !== null && span.to !== null && span.to > span.from;

  const act = (which: LoggerAction, done: string) => ({
    opened: dialog === which,
    onClose: () => setDialog(null),
    onConfirm: ({ reason, password }: { reason: string; password: string }) =>
      action
        .mutateAsync({
          id: logger.id,
          action: which,
          reason: reason || undefined,
          ...(password ? { current_password: password } : {}),
        })
        .then(() => toast.success(done)),
  });
  const changeRange = (how: 'hide' | 'restore') => ({
    opened: dialog === how,
    onClose: () => setDialog(null),
    onConfirm: ({ reason, password }: { reason: string; password: string }) =>
      range
        .mutateAsync({
          id: logger.id,
          how,
          from: span.from!,
          to: span.to!,
          reason: reason || undefined,
          ...(password ? { current_password: password } : {}),
        })
        .then(({ changed }) =>
          toast.success(t(how === 'hide' ? 'loggers.hidden' : 'loggers.restored', { count: changed })),
        ),
  });

  return (
    <DetailPanel
      itemKey={logger.id}
      titleId="logger-title"
      title={name}
      subtitle={<Code style={{ overflowWrap: 'anywhere' }}>{logger.id}</Code>}
      closeLabel={t('loggers.close')}
      onClose={onClose}
      testId="logger-panel"
    >
      <LoggerBadges logger={logger} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="md" data-testid="logger-facts">
        <Field label={t('loggers.player')} value={logger.player_name ?? t('loggers.noPlayer')} />
        <Field
          label={t('loggers.boundUser')}
          value={
            logger.bound_user ? `${logger.bound_user.nickname} (${logger.bound_user.email})` : t('loggers.unbound')
          }
        />
        <Field label={t('loggers.lastSeen')} value={when(logger.last_seen_at)} />
        <Field label={t('loggers.registered')} value={formatDateTime(logger.created_at)} />
        <Field
          label={t('loggers.activeSince')}
          value={
            logger.active_since === null
              ? t('loggers.noCatches')
              : logger.active_since.startsWith('1970')
                ? t('loggers.established')
                : formatDateTime(logger.active_since)
          }
        />
        <Field
          label={t('loggers.probationUntil')}
          value={
            logger.probation_until && !logger.probation_until.startsWith('1970')
              ? formatDateTime(logger.probation_until)
              : t('loggers.never')
          }
        />
        <Field label={t('loggers.accepted')} value={count(logger.accepted)} testId="logger-accepted" />
        <Field label={t('loggers.refused')} value={count(logger.refused)} testId="logger-refused" />
        <Field label={t('loggers.flaggedCatches')} value={count(logger.flagged_catches)} />
        <Field label={t('loggers.hiddenCatches')} value={count(logger.hidden_catches)} testId="logger-hidden" />
        {logger.flagged_at ? (
          <Field
            label={t('loggers.flaggedSince')}
            value={`${formatDateTime(logger.flagged_at)} · ${logger.flag_reason === 'rate' ? t('loggers.rateReason') : (logger.flag_reason ?? '')}`}
            testId="logger-flag"
          />
        ) : null}
        {logger.blocked_at ? (
          <Field label={t('loggers.blockedSince')} value={formatDateTime(logger.blocked_at)} />
        ) : null}
      </SimpleGrid>

      <Group gap="xs" mt="lg">
        {logger.flagged_at ? (
          <Button
            variant="light"
            leftSection={<IconFlagOff size={16} aria-hidden />}
            onClick={() => setDialog('clear')}
          >
            {t('loggers.clear')}
          </Button>
        ) : (
          <Button
            color="grape"
            variant="light"
            leftSection={<IconFlag size={16} aria-hidden />}
            onClick={() => setDialog('flag')}
          >
            {t('loggers.flag')}
          </Button>
        )}
        {logger.blocked_at ? (
          <Button
            variant="light"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            onClick={() => setDialog('unblock')}
          >
            {t('loggers.unblock')}
          </Button>
        ) : (
          <Button
            color="red"
            variant="light"
            leftSection={<IconBan size={16} aria-hidden />}
            onClick={() => setDialog('block')}
          >
            {t('loggers.block')}
          </Button>
        )}
        <Button
          color="red"
          variant="light"
          leftSection={<IconKeyOff size={16} aria-hidden />}
          onClick={() => setDialog('revoke')}
        >
          {t('loggers.revoke')}
        </Button>
        <Button component={Link} to={auditLink} variant="subtle" leftSection={<IconHistory size={16} aria-hidden />}>
          {t('loggers.history')}
        </Button>
      </Group>

      <Title order={3} fz="md" mt="xl" mb={4} id="range-title">
        {t('loggers.rangeTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('loggers.rangeText')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" role="group" aria-labelledby="range-title">
        <TextInput
          type="datetime-local"
          label={t('loggers.from')}
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
          data-testid="range-from"
        />
        <TextInput
          type="datetime-local"
          label={t('loggers.to')}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={from && to && !rangeReady ? t('loggers.rangeBackwards') : undefined}
          data-testid="range-to"
        />
      </SimpleGrid>
      <Group gap="xs" mt="sm">
        <Button
          color="red"
          variant="light"
          disabled={!rangeReady}
          leftSection={<IconEyeOff size={16} aria-hidden />}
          onClick={() => setDialog('hide')}
        >
          {t('loggers.hide')}
        </Button>
        <Button
          variant="light"
          disabled={!rangeReady}
          leftSection={<IconEye size={16} aria-hidden />}
          onClick={() => setDialog('restore')}
        >
          {t('loggers.restore')}
        </Button>
      </Group>

      <ConfirmAction
        {...act('flag', t('loggers.flaggedDone'))}
        title={t('loggers.flagTitle', { name })}
        confirmLabel={t('loggers.flag')}
        color="grape"
        reasonRequired
      >
        <Text size="sm">{t('loggers.flagText')}</Text>
      </ConfirmAction>
      <ConfirmAction
        {...act('clear', t('loggers.clearedDone'))}
        title={t('loggers.clearTitle', { name })}
        confirmLabel={t('loggers.clear')}
      >
        <Text size="sm">{t('loggers.clearText')}</Text>
      </ConfirmAction>
      <ConfirmAction
        {...act('block', t('loggers.blockedDone'))}
        title={t('loggers.blockTitle', { name })}
        confirmLabel={t('loggers.block')}
        color="red"
        withPassword
      >
        <Text size="sm">{t('loggers.blockText')}</Text>
      </ConfirmAction>
      <ConfirmAction
        {...act('unblock', t('loggers.unblockedDone'))}
        title={t('loggers.unblockTitle', { name })}
        confirmLabel={t('loggers.unblock')}
      />
      <ConfirmAction
        {...act('revoke', t('loggers.revokedDone'))}
        title={t('loggers.revokeTitle', { name })}
        confirmLabel={t('loggers.revoke')}
        color="red"
        withPassword
      >
        <Text size="sm">{t('loggers.revokeText')}</Text>
      </ConfirmAction>
      <ConfirmAction
        {...changeRange('hide')}
        title={t('loggers.hideTitle', { name })}
        confirmLabel={t('loggers.hide')}
        color="red"
        withPassword
      >
        <Text size="sm">{t('loggers.hideText', { from: span.from ?? '', to: span.to ?? '' })}</Text>
      </ConfirmAction>
      <ConfirmAction
        {...changeRange('restore')}
        title={t('loggers.restoreTitle', { name })}
        confirmLabel={t('loggers.restore')}
      >
        <Text size="sm">{t('loggers.restoreText', { from: span.from ?? '', to: span.to ?? '' })}</Text>
      </ConfirmAction>
    </DetailPanel>
  );
}
