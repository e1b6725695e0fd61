import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AuthErrorCode } from '#shared/account-rules';
import { PAGE_PATHS } from '#shared/pages';
import { ResultState } from '../../../components/result-state';
import { useDirtyForm } from '../../../lib/dirty-forms';
import { toast } from '../../../lib/toast';
import { useLocalePath } from '../../../lib/use-locale';
import { useResetPassword } from '../api/use-password-reset';
import { errorCode, fieldErrors, showFailure } from '../auth-errors';
import { focusFirstInvalid } from '../focus-first-invalid';
import { confirmPasswordProblem, newPasswordProblem } from '../validation';
import { FormCard } from './form-card';
import { LinkError } from './link-error';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from './submit-button';

/** The toast id an action's failure and its success share, so a success replaces an earlier failure. */
const RESET_TOAST = 'password-reset';

type Outcome = 'form' | 'done' | 'badLink';

/**
 * `/user/reset-pwd?token=…` (docs/product-requirements.md §4 password reset, last step): a new password twice →
 * 'Your password has been reset' and the way to the login page. A link without a token, or one the server refuses (invalid,
 * expired, already used), shows 'Invalid link' with the way to a new e-mail; a refused password is explained under the
 * input.
 */
export function ResetPasswordForm() {
  const { t } = useTranslation('account');
  const localePath = useLocalePath();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const reset = useResetPassword();
  const [outcome, setOutcome] = useState<Outcome>('form');
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: newPasswordProblem,
      confirmPassword: (value, values) => confirmPasswordProblem(value, values.password),
    },
  });
  // Unsent typing holds back the offer to reload for a new version (docs/product-requirements.md §9); once the form is
  // gone, nothing is unsent.
  useDirtyForm(outcome === 'form' && form.isDirty());

  if (!token || outcome === 'badLink') {
    return (
      <LinkError description={token ? t('linkError.reset') : t('linkError.missing')}>
        <Button component={Link} to={localePath(PAGE_PATHS.forgetPwd)}>
          {t('linkError.requestNew')}
        </Button>
      </LinkError>
    );
  }

  if (outcome === 'done') {
    return (
      <ResultState
        icon={IconCircleCheck}
        color="teal"
        title={t('reset.success')}
        description={t('reset.successText')}
        role="status"
        takeFocus
      >
        <Button component={Link} to={localePath(PAGE_PATHS.login)}>
          {t('reset.toLogin')}
        </Button>
      </ResultState>
    );
  }

  const submit = form.onSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
      toast.success(t('reset.success'), undefined, { id: RESET_TOAST });
      setOutcome('done');
    } catch (error) {
      if (errorCode(error) === AuthErrorCode.RESET_PASSWORD_BAD_TOKEN) {
        setOutcome('badLink');
        return;
      }
      form.setErrors(fieldErrors(error, { password: 'password' }));
      showFailure(t('reset.failed'), error, undefined, RESET_TOAST);
    }
  }, focusFirstInvalid(form));

  return (
    <FormCard>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NewPasswordFields
            password={form.getInputProps('password')}
            confirm={form.getInputProps('confirmPassword')}
            passwordLabel={t('profile.newPassword')}
            required
          />
          <SubmitButton
            busy={form.submitting}
            label={t('submit.resetPassword')}
            busyLabel={t('submit.resetting')}
            fullWidth
          />
        </Stack>
      </form>
    </FormCard>
  );
}
