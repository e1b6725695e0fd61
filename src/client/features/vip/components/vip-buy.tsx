import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBell,
  IconBolt,
  IconCrown,
  IconKey,
  IconLogin2,
  IconRosetteDiscountCheck,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { VipMode } from '#shared/contracts/vip';
import { VIP_CURRENCY, VIP_ERRORS, VIP_PERIOD_DAYS, VIP_PRICE_CENTS } from '#shared/vip-rules';
import { formatDateTime } from '../../../lib/format-date';
import { loginPathFor, useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useSubscribe, useVipStatus } from '../api/vip-queries';
import { useGoToCheckout } from '../hooks/use-go-to-checkout';
import { showVipFailure, vipErrorCode } from '../vip-errors';
import { formatMoney } from '../vip-format';

const PRICE = formatMoney(VIP_PRICE_CENTS, VIP_CURRENCY);
const DAYS = VIP_PERIOD_DAYS;

const BENEFITS: readonly { key: 'ai' | 'badge' | 'key' | 'alerts'; icon: Icon }[] = [
  { key: 'ai', icon: IconBolt },
  { key: 'badge', icon: IconRosetteDiscountCheck },
  { key: 'key', icon: IconKey },
  { key: 'alerts', icon: IconBell },
];

function Benefits() {
  const { t } = useTranslation('vip');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="vip-benefits">
      <Title order={2} fz="lg" id="vip-benefits" mb="md">
        {t('buy.benefitsTitle')}
      </Title>
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {BENEFITS.map(({ key, icon: IconComponent }) => (
          <Group component="li" key={key} wrap="nowrap" align="flex-start" gap="sm">
            <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
              <IconComponent size={20} stroke={1.7} />
            </ThemeIcon>
            <div>
              <Text fw={600}>{t(`buy.benefits.${key}.title`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`buy.benefits.${key}.text`)}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
      <Text size="sm" mt="lg">
        {t('buy.openToAll')}
      </Text>
    </Paper>
  );
}

/** What a member already has: the expiry (buying adds 30 days after it) and a running auto-renewal. */
function MemberNote({ expiry, nextRenewal }: { expiry: string; nextRenewal: string | null }) {
  const { t } = useTranslation('vip');
  return (
    <Alert variant="light" icon={<IconCrown aria-hidden />} title={t('buy.memberTitle')}>
      <Stack gap={4}>
        <Text size="sm">{t('buy.memberUntil', { date: formatDateTime(expiry) })}</Text>
        <Text size="sm">{t('buy.memberAdds', { days: DAYS })}</Text>
        {nextRenewal ? <Text size="sm">{t('buy.autoRenewOn', { date: formatDateTime(nextRenewal) })}</Text> : null}
      </Stack>
    </Alert>
  );
}

function VisitorPrompt() {
  const { t } = useTranslation('vip');
  const location = useLocation();
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('buy.visitorTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('buy.visitorText')}
      </Text>
      <Button
        component={Link}
        to={loginPathFor(`${location.pathname}${location.search}`)}
        leftSection={<IconLogin2 size={18} aria-hidden />}
        size="md"
      >
        {t('buy.login')}
      </Button>
    </Stack>
  );
}

/** The payment option and the Buy button: a pending order, then its checkout (ours in the app, or the provider's). */
function PurchaseForm() {
  const { t } = useTranslation('vip');
  const goToCheckout = useGoToCheckout();
  const { userInfo } = useSession();
  const status = useVipStatus();
  const subscribe = useSubscribe();
  const [mode, setMode] = useState<VipMode>('once');
  // Set while the browser leaves for the provider's checkout, so the button is not pressed twice.
  const [leaving, setLeaving] = useState(false);

  const autoRenewOn = status.data?.auto_renew === true;
  const chosen: VipMode = autoRenewOn ? 'once' : mode;
  const isVip = status.data?.is_vip ?? userInfo?.is_vip ?? false;
  const expiry = status.data?.vip_expire_at ?? userInfo?.vip_expire_at ?? null;

  const buy = async () => {
    try {
      const { checkout_url } = await subscribe.mutateAsync(chosen);
      const went = goToCheckout(checkout_url);
      if (went === 'external') setLeaving(true);
      else if (went === 'invalid') toast.error(t('buy.failed'), t('buy.badCheckout'));
    } catch (error) {
      showVipFailure(t('buy.failed'), error);
      // Subscribed meanwhile (another tab): the status says so and the option turns off.
      if (vipErrorCode(error) === VIP_ERRORS.alreadySubscribed) void status.refetch();
    }
  };

  const busy = subscribe.isPending || leaving;
  return (
    <Stack gap="md">
      {isVip && expiry ? (
        <MemberNote expiry={expiry} nextRenewal={autoRenewOn ? status.data!.next_renewal_at : null} />
      ) : null}
      <Radio.Group label={t('buy.modeLabel')} value={chosen} onChange={(value) => setMode(value as VipMode)}>
        <Stack gap="sm" mt="xs">
          {(['once', 'subscription'] as const).map((value) => {
            const disabled = value === 'subscription' && autoRenewOn;
            return (
              <Radio.Card
                key={value}
                value={value}
                radius="md"
                p="md"
                disabled={disabled || busy}
                data-mode={value}
                className="vip-mode-card"
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator mt={3} disabled={disabled || busy} />
                  <div>
                    <Text fw={600}>{t(`buy.modes.${value}.title`)}</Text>
                    <Text size="sm" c="dimmed">
                      {disabled ? t('buy.modes.subscription.alreadyOn') : t(`buy.modes.${value}.text`, { days: DAYS })}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            );
          })}
        </Stack>
      </Radio.Group>
      <Button
        size="md"
        fullWidth
        onClick={() => void buy()}
        loading={busy}
        leftSection={<IconCrown size={18} aria-hidden />}
      >
        {busy
          ? t('buy.opening')
          : chosen === 'once'
            ? t('buy.buyOnce', { price: PRICE, days: DAYS })
            : t('buy.buySubscription', { price: PRICE, days: DAYS })}
      </Button>
    </Stack>
  );
}

/**
 * `/vip/buy` (docs/product-requirements.md §2, §4, §9): the benefits, 40 USD / 30 days, one-time or auto-renew, and the
 * way to pay.
 */
export function VipBuy() {
  const { t } = useTranslation('vip');
  const { loggedIn } = useSession();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Benefits />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="vip-purchase">
        <Title order={2} fz="lg" id="vip-purchase">
          {t('buy.purchaseTitle')}
        </Title>
        <Text mt="xs" mb="md" data-testid="vip-price">
          <Text component="span" fz={32} fw={700} lh={1.2}>
            {PRICE}
          </Text>{' '}
          <Text component="span" c="dimmed">
            {t('buy.perPeriod', { days: DAYS })}
          </Text>
        </Text>
        {loggedIn ? <PurchaseForm /> : <VisitorPrompt />}
      </Paper>
    </SimpleGrid>
  );
}
