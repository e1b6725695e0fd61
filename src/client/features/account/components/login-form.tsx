import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { PAGE_PATHS } from '#shared/pages';
import { useDirtyForm } from '../../../lib/dirty-forms';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useLocalePath } from '../../../lib/use-locale';
import { useLogin } from '../api/use-login';
import { showFailure } from '../auth-errors';
import { focusFirstInvalid } from '../focus-first-invalid';
import { useCarryRedirect, useRedirectTarget } from '../hooks/use-redirect-target';
import { emailProblem } from '../validation';
import { FormCard } from './form-card';
import { PasswordInput } from './password-input';
import { EmailField } from './email-field';
import { requiredLabel } from './required-label';
import { SubmitButton } from './submit-button';

/** The toast id an action's failure and its success share, so a success replaces an earlier failure. */
const LOGIN_TOAST = 'login';

/**
 * `/user/login` (docs/product-requirements.md §2–§5): e-mail and password, sent form-encoded as `username` /
 * `password`. Once the session is stored the page follows `?redirect=` (same-site paths only) or goes to the user
 * centre; a logged-in visitor goes there at once.
 */
export function LoginForm() {
  const { t } = useTranslation('account');
  const localePath = useLocalePath();
  const target = useRedirectTarget();
  const carryRedirect = useCarryRedirect();
  const { loggedIn } = useSession();
  const login = useLogin();
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: {
      username: emailProblem,
      password: (value) => (value ? null : t('validation.passwordRequired')),
    },
  });
  // Unsent typing holds back the offer to reload for a new version (docs/product-requirements.md §9).
  useDirtyForm(form.isDirty());

  if (loggedIn) return <Navigate to={target} replace />;

  const submit = form.onSubmit(async ({ username, password }) => {
    try {
      // Success stores the session, which re-renders this page into the redirect above.
      await login.mutateAsync({ username: username.trim(), password });
      // Logged in: an earlier attempt's failure toast no longer holds.
      toast.close(LOGIN_TOAST);
    } catch (error) {
      showFailure(t('login.failed'), error, undefined, LOGIN_TOAST);
    }
  }, focusFirstInvalid(form));

  return (
    <FormCard>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField input={form.getInputProps('username')} autoComplete="username" />
          <PasswordInput
            {...requiredLabel(t('fields.password'))}
            placeholder={t('fields.passwordPlaceholder')}
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={localePath(PAGE_PATHS.forgetPwd)} size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <SubmitButton busy={login.isPending} label={t('submit.login')} busyLabel={t('submit.loggingIn')} fullWidth />
          <Text size="sm" ta="center">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to={carryRedirect(localePath(PAGE_PATHS.register))} fw={600} underline="always">
              {t('login.register')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </FormCard>
  );
}
