import { Button, Stack } from '@mantine/core';
import { IconAlertTriangle, IconClockX, IconLinkOff, IconMailOff, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ALERT_ERRORS } from '#shared/alert-rules';
import { PAGE_PATHS } from '#shared/pages';
import { ResultState } from '../../../components/result-state';
import { useLocalePath } from '../../../lib/use-locale';
import { useUnsubscribe } from '../api/alert-queries';
import { alertErrorCode, alertErrorText } from '../alert-errors';

/**
 * `/alerts/unsubscribe?token=…` (issue 25): the page an alert e-mail's unsubscribe link opens, in the language of the
 * link, no login needed. One button stops every alert e-mail of the account (a link opened by a mail scanner changes
 * nothing), then says so and how to turn them on again; a tampered or expired link says what to do instead.
 */
export function Unsubscribe() {
  const { t } = useTranslation('alerts');
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribe();
  const toAlerts = (
    <Button component={Link} to={localePath(PAGE_PATHS.alerts)} variant="default">
      {t('unsubscribe.toAlerts')}
    </Button>
  );

  if (!token) {
    return (
      <ResultState
        icon={IconLinkOff}
        color="red"
        title={t('unsubscribe.invalidTitle')}
        description={t('unsubscribe.missing')}
        role="alert"
      >
        {toAlerts}
      </ResultState>
    );
  }
  if (unsubscribe.isSuccess) {
    return (
      <ResultState
        icon={IconCircleCheck}
        color="teal"
        title={t('unsubscribe.doneTitle')}
        description={t('unsubscribe.doneText')}
        role="status"
        takeFocus
      >
        {toAlerts}
      </ResultState>
    );
  }
  if (unsubscribe.isError) {
    const code = alertErrorCode(unsubscribe.error);
    if (code === ALERT_ERRORS.linkExpired || code === ALERT_ERRORS.linkInvalid) {
      const expired = code === ALERT_ERRORS.linkExpired;
      return (
        <ResultState
          icon={expired ? IconClockX : IconLinkOff}
          color="red"
          title={expired ? t('unsubscribe.expiredTitle') : t('unsubscribe.invalidTitle')}
          description={expired ? t('unsubscribe.expiredText') : t('unsubscribe.invalidText')}
          role="alert"
          takeFocus
        >
          {toAlerts}
        </ResultState>
      );
    }
  }
  return (
    <ResultState
      icon={unsubscribe.isError ? IconAlertTriangle : IconMailOff}
      color={unsubscribe.isError ? 'red' : 'blue'}
      title={t('unsubscribe.confirmTitle')}
      description={unsubscribe.isError ? alertErrorText(unsubscribe.error) : t('unsubscribe.confirmText')}
      role={unsubscribe.isError ? 'alert' : undefined}
    >
      <Stack gap="xs" align="center">
        <Button
          color="red"
          onClick={() => unsubscribe.mutate(token)}
          loading={unsubscribe.isPending}
          data-testid="unsubscribe-confirm"
        >
          {t('unsubscribe.confirm')}
        </Button>
        {toAlerts}
      </Stack>
    </ResultState>
  );
}
