import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { AuthErrorCode } from '#shared/account-rules';
import type { RegisterBody } from '#shared/contracts/auth';
import { PAGE_PATHS } from '#shared/pages';
import { useDirtyForm } from '../../../lib/dirty-forms';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useLocalePath } from '../../../lib/use-locale';
import { logIn } from '../api/use-login';
import { useRegister } from '../api/use-register';
import { authErrorText, errorCode, fieldErrors, showFailure } from '../auth-errors';
import { focusFirstInvalid } from '../focus-first-invalid';
import { useCarryRedirect, useRedirectTarget } from '../hooks/use-redirect-target';
import {
  bindingCodeProblem,
  confirmPasswordProblem,
  emailProblem,
  newPasswordProblem,
  nicknameProblem,
} from '../validation';
import { FormCard } from './form-card';
import { NewPasswordFields } from './new-password-fields';
import { EmailField } from './email-field';
import { requiredLabel } from './required-label';
import { SubmitButton } from './submit-button';

/** The toast id an action's failure and its success share, so a success replaces an earlier failure. */
const REGISTER_TOAST = 'register';

interface RegisterValues {
  email: string;
  nickname: string;
  password: string;
  confirmPassword: string;
  loggerId: string;
  bindingCode: string;
}

/** The server's names for the form's inputs, for 422 lists. */
const SERVER_FIELDS = {
  email: 'email',
  nickname: 'nickname',
  password: 'password',
  client_id: 'loggerId',
  code: 'bindingCode',
};

/** Codes that are about one input: the message goes under it as well as into the toast. */
const CODE_FIELDS: Partial<Record<string, keyof RegisterValues>> = {
  [AuthErrorCode.REGISTER_USER_ALREADY_EXISTS]: 'email',
  [AuthErrorCode.CLIENT_NOT_FOUND]: 'loggerId',
  [AuthErrorCode.CLIENT_ALREADY_BOUND]: 'loggerId',
  [AuthErrorCode.BINDING_CODE_INVALID]: 'bindingCode',
};

/**
 * `/user/register` (docs/product-requirements.md §2, §5): e-mail, nickname, password twice and optionally a logger id
 * with the binding code the logger shows (decision 0017: one without the other is refused here), each checked before
 * anything is sent. A new account is logged in at once and lands where the login page would have sent it (the
 * `?redirect=` carried over from there), else in the user centre.
 */
export function RegisterForm() {
  const { t } = useTranslation('account');
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const target = useRedirectTarget();
  const carryRedirect = useCarryRedirect();
  const registration = useRegister();
  const form = useForm<RegisterValues>({
    initialValues: { email: '', nickname: '', password: '', confirmPassword: '', loggerId: '', bindingCode: '' },
    validate: {
      email: emailProblem,
      nickname: nicknameProblem,
      password: newPasswordProblem,
      confirmPassword: (value, values) => confirmPasswordProblem(value, values.password),
      loggerId: (value, values) =>
        !value.trim() && values.bindingCode.trim() ? t('validation.loggerIdRequired') : null,
      bindingCode: (value, values) => (values.loggerId.trim() ? bindingCodeProblem(value) : null),
    },
  });
  // Unsent typing holds back the offer to reload for a new version (docs/product-requirements.md §9).
  useDirtyForm(form.isDirty());

  if (loggedIn) return <Navigate to={target} replace />;

  const submit = form.onSubmit(async (values) => {
    const body: RegisterBody = {
      email: values.email.trim(),
      password: values.password,
      nickname: values.nickname.trim(),
    };
    const loggerId = values.loggerId.trim();
    if (loggerId) {
      body.client_id = loggerId;
      body.code = values.bindingCode.trim();
    }
    let user;
    try {
      user = await registration.mutateAsync(body);
    } catch (error) {
      const reason = authErrorText(error);
      const errors: Record<string, string> = fieldErrors(error, SERVER_FIELDS);
      const field = CODE_FIELDS[errorCode(error) ?? ''];
      if (field) errors[field] = reason;
      form.setErrors(errors);
      showFailure(t('register.failed'), error, reason, REGISTER_TOAST);
      return;
    }
    try {
      // Logged in straight away; the stored session re-renders this page into the redirect target.
      await logIn({ username: body.email, password: body.password });
      toast.success(t('register.success', { name: user.nickname }), t('register.verifySent', { email: user.email }), {
        id: REGISTER_TOAST,
      });
    } catch {
      toast.info(t('register.loginAfterwards'));
      void navigate(carryRedirect(localePath(PAGE_PATHS.login)), { replace: true });
    }
  }, focusFirstInvalid(form));

  return (
    <FormCard>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField input={form.getInputProps('email')} />
          <TextInput
            {...requiredLabel(t('fields.nickname'))}
            placeholder={t('fields.nicknamePlaceholder')}
            autoComplete="nickname"
            {...form.getInputProps('nickname')}
          />
          <NewPasswordFields
            password={form.getInputProps('password')}
            confirm={form.getInputProps('confirmPassword')}
            passwordLabel={t('fields.password')}
            required
          />
          <TextInput
            label={t('fields.loggerId')}
            placeholder={t('fields.loggerIdPlaceholder')}
            description={t('fields.loggerIdHint')}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('loggerId')}
          />
          <TextInput
            label={t('fields.bindingCode')}
            placeholder={t('fields.bindingCodePlaceholder')}
            description={t('fields.bindingCodeHint')}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            {...form.getInputProps('bindingCode')}
          />
          <SubmitButton
            busy={form.submitting}
            label={t('submit.register')}
            busyLabel={t('submit.registering')}
            fullWidth
          />
          <Text size="sm" ta="center">
            {t('register.haveAccount')}{' '}
            <Anchor component={Link} to={carryRedirect(localePath(PAGE_PATHS.login))} fw={600} underline="always">
              {t('register.login')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </FormCard>
  );
}
