import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { ResultState } from '../../../components/result-state';
import { useDirtyForm } from '../../../lib/dirty-forms';
import { toast } from '../../../lib/toast';
import { useLocalePath } from '../../../lib/use-locale';
import { useForgotPassword } from '../api/use-password-reset';
import { fieldErrors, showFailure } from '../auth-errors';
import { focusFirstInvalid } from '../focus-first-invalid';
import { emailProblem } from '../validation';
import { FormCard } from './form-card';
import { EmailField } from './email-field';
import { SubmitButton } from './submit-button';

/** The toast id an action's failure and its success share, so a success replaces an earlier failure. */
const SEND_TOAST = 'password-reset-mail';

/**
 * `/user/forget-pwd` (docs/product-requirements.md §4 password reset, first step): the e-mail address → 'We have sent
 * the reset password email', said on the page (the toast alone is gone after five seconds) and as a toast.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation('account');
  const localePath = useLocalePath();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: { email: emailProblem } });
  // Unsent typing holds back the offer to reload for a new version (docs/product-requirements.md §9); once sent,
  // nothing is unsent.
  useDirtyForm(sentTo === null && form.isDirty());

  const submit = form.onSubmit(async ({ email }) => {
    const address = email.trim();
    try {
      await forgot.mutateAsync(address);
      toast.success(t('forgot.sent'), undefined, { id: SEND_TOAST });
      setSentTo(address);
    } catch (error) {
      form.setErrors(fieldErrors(error, { email: 'email' }));
      showFailure(t('forgot.failed'), error, undefined, SEND_TOAST);
    }
  }, focusFirstInvalid(form));

  if (sentTo) {
    return (
      <ResultState
        icon={IconMailCheck}
        color="teal"
        title={t('forgot.sent')}
        description={t('forgot.sentText', { email: sentTo })}
        role="status"
        takeFocus
      >
        <Button component={Link} to={localePath(PAGE_PATHS.login)}>
          {t('forgot.backToLogin')}
        </Button>
        <Button variant="default" onClick={() => setSentTo(null)}>
          {t('forgot.again')}
        </Button>
      </ResultState>
    );
  }

  return (
    <FormCard>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField input={form.getInputProps('email')} />
          <SubmitButton
            busy={form.submitting}
            label={t('submit.sendEmail')}
            busyLabel={t('submit.sendingEmail')}
            fullWidth
          />
          <Group justify="center">
            <Anchor component={Link} to={localePath(PAGE_PATHS.login)} size="sm">
              {t('forgot.backToLogin')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </FormCard>
  );
}
