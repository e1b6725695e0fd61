import { Divider, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BIO_MAX_LENGTH } from '#shared/account-rules';
import { PAGE_PATHS } from '#shared/pages';
import { useDirtyForm } from '../../../lib/dirty-forms';
import { clearSession, loginPathFor, type UserInfo } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useLocalePath } from '../../../lib/use-locale';
import { useUpdateProfile } from '../api/use-update-profile';
import { errorCode, fieldErrors, showFailure } from '../auth-errors';
import { focusFirstInvalid } from '../focus-first-invalid';
import { needsCurrentPassword, profileChanges, type ProfileValues } from '../profile-changes';
import { bioProblem, confirmPasswordProblem, emailProblem, newPasswordProblem, nicknameProblem } from '../validation';
import { AvatarUpload } from './avatar-upload';
import { EmailChangedNotice } from './email-changed-notice';
import { EmailField } from './email-field';
import { NewPasswordFields } from './new-password-fields';
import { PasswordInput } from './password-input';
import { requiredLabel } from './required-label';
import { SubmitButton } from './submit-button';

/** The toast id an action's failure and its success share, so a success replaces an earlier failure. */
const SAVE_TOAST = 'profile-save';

const SERVER_FIELDS = {
  email: 'email',
  nickname: 'nickname',
  bio: 'bio',
  password: 'password',
  current_password: 'currentPassword',
};
/** The coded refusals that belong to one input (their text is `errors.<code>`). */
const CODE_FIELDS: Readonly<Record<string, keyof ProfileValues>> = {
  UPDATE_USER_BAD_CURRENT_PASSWORD: 'currentPassword',
  UPDATE_USER_EMAIL_ALREADY_EXISTS: 'email',
};

/**
 * `/user/profile` (docs/product-requirements.md §2, §5): avatar (uploaded on its own), e-mail, nickname, bio and an
 * optional new password. Only the fields that changed are sent; a blank password keeps the current one. A new e-mail
 * address or password also needs the current password (issue 13: a stolen token alone must not take the account over);
 * its field shows only then. After a password change the page logs in again with the new password (the change revokes
 * every earlier token), so the user stays logged in.
 */
export function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [emailNotice, setEmailNotice] = useState<{ oldEmail: string; user: UserInfo } | null>(null);
  const blank = { password: '', confirmPassword: '', currentPassword: '' };
  const form = useForm<ProfileValues>({
    initialValues: { email: user.email, nickname: user.nickname, bio: user.bio, ...blank },
    validate: {
      email: emailProblem,
      nickname: nicknameProblem,
      bio: bioProblem,
      password: (value) => (value ? newPasswordProblem(value) : null),
      confirmPassword: (value, values) =>
        values.password || value ? confirmPasswordProblem(value, values.password) : null,
      currentPassword: (value, values) =>
        needsCurrentPassword(values, user) && !value ? t('validation.currentPasswordRequired') : null,
    },
  });
  const askCurrentPassword = needsCurrentPassword(form.values, user);
  // Unsent typing holds back the offer to reload for a new version (docs/product-requirements.md §9).
  useDirtyForm(form.isDirty());

  // The stored user info shows at once; the start-up check (or another tab) may bring newer values a moment later.
  // Fields the user has not touched follow them, so saving never writes back what the form happened to start with.
  const { email: currentEmail, nickname: currentNickname, bio: currentBio } = user;
  useEffect(() => {
    const untouched = {
      email: !form.isDirty('email'),
      nickname: !form.isDirty('nickname'),
      bio: !form.isDirty('bio'),
    };
    const stored = { email: currentEmail, nickname: currentNickname, bio: currentBio };
    form.setInitialValues({ ...form.getInitialValues(), ...stored });
    if (untouched.email) form.setFieldValue('email', currentEmail);
    if (untouched.nickname) form.setFieldValue('nickname', currentNickname);
    if (untouched.bio) form.setFieldValue('bio', currentBio);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `form` is a new object every render; only the user's values matter
  }, [currentEmail, currentNickname, currentBio]);

  const submit = form.onSubmit(async (values) => {
    const changes = profileChanges(values, user);
    if (Object.keys(changes).length === 0) {
      toast.info(t('profile.nothingChanged'));
      return;
    }
    try {
      const { user: saved, reloggedIn } = await update.mutateAsync({ changes });
      if (reloggedIn === false) {
        // The old token is revoked and the new password did not log in (rate limit, network): log in by hand.
        clearSession();
        toast.info(t('profile.reloginFailed'));
        void navigate(loginPathFor(localePath(PAGE_PATHS.profile)), { replace: true });
        return;
      }
      const next = { email: saved.email, nickname: saved.nickname, bio: saved.bio, ...blank };
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      if (changes.email !== undefined) setEmailNotice({ oldEmail: user.email, user: saved });
      toast.success(t('profile.saved'), undefined, { id: SAVE_TOAST });
    } catch (error) {
      const errors = fieldErrors(error, SERVER_FIELDS);
      const code = errorCode(error);
      const field = code ? CODE_FIELDS[code] : undefined;
      if (field) errors[field] = t(`errors.${code}`);
      form.setErrors(errors);
      // The field that must change is where the user goes next (and a screen reader reads its error).
      focusFirstInvalid(form)(errors);
      showFailure(t('profile.failed'), error, field ? errors[field] : undefined, SAVE_TOAST);
    }
  }, focusFirstInvalid(form));

  const bioLength = form.values.bio.length;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" mb="md">
          {t('profile.avatar')}
        </Title>
        <AvatarUpload user={user} />
      </Paper>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('profile.details')}
            </Title>
            <EmailField input={form.getInputProps('email')} />
            {emailNotice ? (
              <EmailChangedNotice
                oldEmail={emailNotice.oldEmail}
                user={emailNotice.user}
                onClose={() => setEmailNotice(null)}
              />
            ) : null}
            <TextInput
              {...requiredLabel(t('fields.nickname'))}
              placeholder={t('fields.nicknamePlaceholder')}
              autoComplete="nickname"
              {...form.getInputProps('nickname')}
            />
            <Textarea
              label={t('profile.bio')}
              placeholder={t('profile.bioPlaceholder')}
              description={t('profile.bioCount', { count: bioLength, max: BIO_MAX_LENGTH })}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={BIO_MAX_LENGTH}
              {...form.getInputProps('bio')}
            />

            <Divider my={4} />
            <div>
              <Title order={3} fz="md">
                {t('profile.passwordSection')}
              </Title>
              <Text size="sm" c="dimmed" mt={2}>
                {t('profile.passwordHint')}
              </Text>
            </div>
            <NewPasswordFields
              password={form.getInputProps('password')}
              confirm={form.getInputProps('confirmPassword')}
              passwordLabel={t('profile.newPassword')}
              required={false}
            />
            {askCurrentPassword ? (
              <PasswordInput
                {...requiredLabel(t('fields.currentPassword'))}
                description={t('profile.currentPasswordHint')}
                placeholder={t('fields.currentPasswordPlaceholder')}
                autoComplete="current-password"
                {...form.getInputProps('currentPassword')}
              />
            ) : null}
            <SubmitButton
              busy={form.submitting}
              label={t('submit.save')}
              busyLabel={t('submit.saving')}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
