import { ActionIcon, Anchor, CopyButton, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CollectionSharing } from '#shared/contracts/collection';
import { collectionPagePath } from '#shared/pages';
import { SessionExpiredError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useLocalePath } from '../../../lib/use-locale';
import { useSetSharing } from '../api/collection-queries';

const SHARING_TOAST = 'collection-sharing';

interface CollectionSharingPanelProps {
  sharing: CollectionSharing;
  token: string;
  loggerId: string | null;
}

/**
 * The switch of the collection's public page (off by default), what it shows and what it never shows, and while it is
 * on, its link to copy. The link is this site's address in the page's language: the one the player is looking at.
 */
export function CollectionSharingPanel({ sharing, token, loggerId }: CollectionSharingPanelProps) {
  const { t } = useTranslation('collection');
  const localePath = useLocalePath();
  const setSharing = useSetSharing(token, loggerId);
  const path = sharing.share_id ? localePath(collectionPagePath(sharing.share_id)) : null;
  const link = path ? `${window.location.origin}${path}` : null;

  const toggle = async (on: boolean) => {
    try {
      await setSharing.mutateAsync({ public: on });
      toast.success(on ? t('sharing.on') : t('sharing.off'), undefined, { id: SHARING_TOAST });
    } catch (error) {
      // An expired session has been announced by the API client already.
      if (!(error instanceof SessionExpiredError))
        toast.error(t('sharing.failed'), errorMessage(error), { id: SHARING_TOAST });
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="collection-sharing">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="collection-sharing">
          {t('sharing.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('sharing.text')}
        </Text>
        <Switch
          checked={sharing.public}
          onChange={(event) => void toggle(event.currentTarget.checked)}
          disabled={setSharing.isPending}
          label={t('sharing.switch')}
          data-testid="collection-share-switch"
        />
        {link && path ? (
          <Stack gap={6}>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label={t('sharing.link')}
                value={link}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="collection-share-link"
              />
              <CopyButton value={link} timeout={2000}>
                {({ copied, copy }) => (
                  <ActionIcon
                    variant="default"
                    size="input-sm"
                    onClick={copy}
                    aria-label={copied ? t('sharing.copied') : t('sharing.copy')}
                    title={copied ? t('sharing.copied') : t('sharing.copy')}
                  >
                    {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                  </ActionIcon>
                )}
              </CopyButton>
            </Group>
            <Anchor component={Link} to={path} size="sm" style={{ alignSelf: 'flex-start' }}>
              {t('sharing.open')}
            </Anchor>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
