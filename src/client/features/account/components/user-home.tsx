import { Badge, Box, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBell,
  IconChevronRight,
  IconDatabase,
  IconFish,
  IconLogout,
  IconReceipt,
  IconShieldCheck,
  IconStack2,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { UserAvatar } from '../../../components/user-avatar';
import { VipBadge } from '../../../components/vip-badge';
import type { UserInfo } from '../../../lib/session';
import { useLocalePath } from '../../../lib/use-locale';
import { useLogout } from '../api/use-logout';
import { SendVerificationButton } from './send-verification-button';

function SectionCard({
  to,
  icon: IconComponent,
  title,
  text,
}: {
  to: string;
  icon: Icon;
  title: string;
  text: string;
}) {
  return (
    <Card component={Link} to={to} withBorder radius="lg" padding="lg" className="account-card">
      <Group wrap="nowrap" gap="md" align="flex-start">
        <IconComponent size={26} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
        <Box miw={0} style={{ flex: 1 }}>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
            {text}
          </Text>
        </Box>
        <IconChevronRight size={18} aria-hidden style={{ flexShrink: 0, alignSelf: 'center' }} />
      </Group>
    </Card>
  );
}

/**
 * `/user` (docs/product-requirements.md §2 user centre home): who is logged in (with the VIP badge of a member), e-mail
 * verification, the VIP membership section (`vip`: the route composes it from the VIP feature), the sections, logout.
 */
export function UserHome({ user, vip }: { user: UserInfo; vip: ReactNode }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const logout = useLogout();
  // The session ends at once and the user goes home (see useLogout and RequireLogin: never to the login page).
  const logOut = () => logout.logOut(() => navigate(localePath(PAGE_PATHS.home)));

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="md">
          <Group wrap="nowrap" gap="md" miw={0} style={{ flex: '1 1 260px' }}>
            <UserAvatar user={user} size={72} radius="xl" />
            <Box miw={0}>
              <Group gap={8} wrap="wrap" align="center">
                <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
                  {user.nickname || user.email}
                </Title>
                {user.is_vip ? <VipBadge size="md" /> : null}
              </Group>
              <Group gap={8} mt={4} wrap="wrap">
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {user.email}
                </Text>
                {user.is_verified ? (
                  <Badge color="teal" variant="dot" style={{ textTransform: 'none' }}>
                    {t('user.verified')}
                  </Badge>
                ) : (
                  <Badge color="gray" variant="dot" style={{ textTransform: 'none' }}>
                    {t('user.unverified')}
                  </Badge>
                )}
              </Group>
              {!user.is_verified ? <SendVerificationButton email={user.email} /> : null}
            </Box>
          </Group>
          <Button
            variant="default"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={logOut}
            disabled={logout.pending}
          >
            {logout.pending ? t('user.loggingOut') : t('user.logout')}
          </Button>
        </Group>
      </Paper>

      {vip}

      <Box component="section" aria-labelledby="account-sections">
        <Title order={2} fz="lg" mb="sm" id="account-sections">
          {t('user.sections')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <SectionCard
            to={localePath(PAGE_PATHS.profile)}
            icon={IconUserCircle}
            title={tc('pages.profile.title')}
            text={t('user.profileCard')}
          />
          <SectionCard
            to={localePath(PAGE_PATHS.myData)}
            icon={IconDatabase}
            title={tc('pages.myData.title')}
            text={
              user.client_id
                ? `${t('user.loggerIdLabel')}: ${user.client_id}`
                : `${t('user.myDataCard')} · ${t('user.loggerIdLabel')}: ${t('user.loggerIdNone')}`
            }
          />
          <SectionCard
            to={localePath(PAGE_PATHS.collection)}
            icon={IconFish}
            title={tc('pages.collection.title')}
            text={t('user.collectionCard')}
          />
          <SectionCard
            to={localePath(PAGE_PATHS.orders)}
            icon={IconReceipt}
            title={tc('pages.orders.title')}
            text={t('user.ordersCard')}
          />
          <SectionCard
            to={localePath(PAGE_PATHS.alerts)}
            icon={IconBell}
            title={tc('pages.alerts.title')}
            text={t('user.alertsCard')}
          />
          {user.is_superuser ? (
            <SectionCard
              to={localePath(PAGE_PATHS.adminOverview)}
              icon={IconShieldCheck}
              title={tc('pages.adminOverview.title')}
              text={t('user.adminConsoleCard')}
            />
          ) : null}
          {user.is_superuser ? (
            <SectionCard
              to={localePath(PAGE_PATHS.adminCatalogue)}
              icon={IconStack2}
              title={tc('pages.adminCatalogue.title')}
              text={t('user.adminCatalogueCard')}
            />
          ) : null}
        </SimpleGrid>
      </Box>
    </Stack>
  );
}
