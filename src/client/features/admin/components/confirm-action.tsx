import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_REASON_MAX } from '#shared/admin-rules';
import { adminFailure } from '../admin-errors';

export interface Confirmation {
  reason: string;
  /** Empty unless the action asks for the password. */
  password: string;
}

/**
 * The dialog every console change goes through: what will happen, an optional reason for the audit log (required
 * where the API requires it), and for a destructive action the operator's password again. A refusal is shown in the
 * dialog, which stays open, so the operator can correct the password or read why.
 */
export function ConfirmAction({
  opened,
  title,
  children,
  confirmLabel,
  color = 'blue',
  withPassword = false,
  reasonRequired = false,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  color?: string;
  withPassword?: boolean;
  reasonRequired?: boolean;
  onClose: () => void;
  /** Resolves when done (the dialog closes), rejects with the failure to show. */
  onConfirm: (confirmation: Confirmation) => Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setPassword('');
    setFailure(null);
    onClose();
  };
  const ready = (!withPassword || password.length > 0) && (!reasonRequired || reason.trim().length > 0);

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm({ reason: reason.trim(), password });
      close();
    } catch (error) {
      setFailure(adminFailure(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !busy) void submit();
        }}
      >
        <Stack gap="md">
          {children}
          <Textarea
            label={reasonRequired ? t('confirm.reasonRequired') : t('confirm.reason')}
            description={t('confirm.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={ADMIN_REASON_MAX}
            autosize
            minRows={2}
            required={reasonRequired}
            data-autofocus={withPassword ? undefined : true}
          />
          {withPassword ? (
            <PasswordInput
              label={t('confirm.password')}
              description={t('confirm.passwordHint')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoComplete="current-password"
              required
              data-autofocus
            />
          ) : null}
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              <Text size="sm">{failure}</Text>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" color={color} disabled={!ready} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
