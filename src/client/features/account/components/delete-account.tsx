import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { toast } from '../../../lib/toast';
import { useLocalePath } from '../../../lib/use-locale';
import { useDeleteAccount } from '../api/use-delete-account';
import { authErrorText, errorCode, showFailure } from '../auth-errors';
import { PasswordInput } from './password-input';

const DELETE_TOAST = 'account-delete';

/**
 * Deleting one's own account (issue 25): what goes and what stays said first, then the current password in a dialog.
 * A wrong password is shown on its field; any other failure (too many tries, the payment provider down) in a toast.
 */
export function DeleteAccount() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [opened, { open, close }] = useDisclosure(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const deletion = useDeleteAccount();

  const confirm = () => {
    if (!password) return setFieldError(t('validation.currentPasswordRequired'));
    deletion.mutate(
      { current_password: password },
      {
        onSuccess: () => {
          toast.success(t('deleteAccount.done'), undefined, { id: DELETE_TOAST });
          void navigate(localePath(PAGE_PATHS.home), { replace: true });
        },
        onError: (error) => {
          if (errorCode(error) === 'UPDATE_USER_BAD_CURRENT_PASSWORD') setFieldError(authErrorText(error));
          else showFailure(t('deleteAccount.failed'), error, undefined, DELETE_TOAST);
        },
      },
    );
  };

  const dismiss = () => {
    close();
    setPassword('');
    setFieldError(null);
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="delete-account-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="delete-account-title">
          {t('deleteAccount.title')}
        </Title>
        <Text size="sm">{t('deleteAccount.intro')}</Text>
        <Text size="sm" c="dimmed">
          {t('deleteAccount.kept')}
        </Text>
        <Group>
          <Button color="red" variant="outline" onClick={open}>
            {t('deleteAccount.button')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={dismiss} title={t('deleteAccount.confirmTitle')} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t('deleteAccount.confirmText')}</Text>
            <PasswordInput
              label={t('fields.currentPassword')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setFieldError(null);
              }}
              error={fieldError}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={dismiss}>
                {t('deleteAccount.cancel')}
              </Button>
              <Button type="submit" color="red" loading={deletion.isPending}>
                {t('deleteAccount.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
