import {
  ActionIcon,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconCopy, IconUnlink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AuthErrorCode } from '#shared/account-rules';
import { useDirtyForm } from '../../../lib/dirty-forms';
import type { UserInfo } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useBindLoggerId, useUnbindLoggerId } from '../api/use-logger-id';
import { authErrorText, errorCode, fieldErrors, showFailure } from '../auth-errors';
import { focusFirstInvalid } from '../focus-first-invalid';
import { bindingCodeProblem } from '../validation';
import { requiredLabel } from './required-label';
import { SubmitButton } from './submit-button';

/** The toast ids each action's failure and its success share, so a success replaces an earlier failure. */
const BIND_TOAST = 'logger-bind';
const UNBIND_TOAST = 'logger-unbind';

interface BindValues {
  loggerId: string;
  code: string;
}

/** Answers about one input: explained under it, not only in the toast. */
const CODE_FIELDS: Partial<Record<string, keyof BindValues>> = {
  [AuthErrorCode.CLIENT_NOT_FOUND]: 'loggerId',
  [AuthErrorCode.CLIENT_ALREADY_BOUND]: 'loggerId',
  [AuthErrorCode.BINDING_CODE_INVALID]: 'code',
};

/** The logger id and the one-time binding code the logger shows when asked (decision 0017). */
function BindForm() {
  const { t } = useTranslation('account');
  const bind = useBindLoggerId();
  const form = useForm<BindValues>({
    initialValues: { loggerId: '', code: '' },
    validate: {
      loggerId: (value) => (value.trim() ? null : t('validation.loggerIdRequired')),
      code: bindingCodeProblem,
    },
  });
  // Unsent typing holds back the offer to reload for a new version (docs/product-requirements.md §9).
  useDirtyForm(form.isDirty());

  const submit = form.onSubmit(async ({ loggerId, code }) => {
    try {
      await bind.mutateAsync({ client_id: loggerId.trim(), code: code.trim() });
      toast.success(t('myData.bindSuccess'), undefined, { id: BIND_TOAST });
    } catch (error) {
      const reason = authErrorText(error);
      const field = CODE_FIELDS[errorCode(error) ?? ''];
      form.setErrors(field ? { [field]: reason } : fieldErrors(error, { client_id: 'loggerId', code: 'code' }));
      showFailure(t('myData.bindFailed'), error, reason, BIND_TOAST);
    }
  }, focusFirstInvalid(form));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          {...requiredLabel(t('myData.loggerId'))}
          placeholder={t('fields.loggerIdPlaceholder')}
          description={t('myData.loggerIdHint')}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          {...form.getInputProps('loggerId')}
        />
        <TextInput
          {...requiredLabel(t('myData.bindingCode'))}
          placeholder={t('fields.bindingCodePlaceholder')}
          description={t('myData.bindingCodeHint')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          {...form.getInputProps('code')}
        />
        <SubmitButton
          busy={form.submitting}
          label={t('myData.bind')}
          busyLabel={t('myData.binding')}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
    </form>
  );
}

function BoundId({ loggerId }: { loggerId: string }) {
  const { t } = useTranslation('account');
  const unbind = useUnbindLoggerId();
  const [confirming, confirm] = useDisclosure(false);

  const doUnbind = async () => {
    try {
      await unbind.mutateAsync();
      confirm.close();
      toast.success(t('myData.unbindSuccess'), undefined, { id: UNBIND_TOAST });
    } catch (error) {
      showFailure(t('myData.unbindFailed'), error, undefined, UNBIND_TOAST);
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Code fz="md" px="sm" py={6} style={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="bound-logger-id">
          {loggerId}
        </Code>
        <CopyButton value={loggerId} timeout={2000}>
          {({ copied, copy }) => (
            <ActionIcon
              variant="default"
              size="lg"
              onClick={copy}
              aria-label={copied ? t('myData.copied') : t('myData.copy')}
              title={copied ? t('myData.copied') : t('myData.copy')}
            >
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          )}
        </CopyButton>
      </Group>
      <Button
        variant="default"
        leftSection={<IconUnlink size={16} aria-hidden />}
        onClick={confirm.open}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('myData.unbind')}
      </Button>
      <Modal opened={confirming} onClose={confirm.close} title={t('myData.unbindTitle')} centered>
        <Text size="sm">{t('myData.unbindText', { id: loggerId })}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={confirm.close}>
            {t('myData.cancel')}
          </Button>
          <Button color="red" onClick={() => void doUnbind()} disabled={unbind.isPending}>
            {unbind.isPending ? t('myData.unbinding') : t('myData.unbindConfirm')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** The logger section of `/user/my-data`: the bound logger id (copy, unbind), or the form to bind one. */
export function LoggerIdBinding({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="logger-id-title">
      <Title order={2} fz="lg" id="logger-id-title">
        {t('myData.birdTitle')}
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        {user.client_id ? t('myData.boundIntro') : t('myData.birdIntro')}
      </Text>
      {user.client_id ? <BoundId loggerId={user.client_id} /> : <BindForm />}
    </Paper>
  );
}
