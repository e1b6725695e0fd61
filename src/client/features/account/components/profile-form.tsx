import { Divider, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BIO_MAX_LENGTH, type UpdateMeBody } from '#shared/account-rules';
import { clearSession, loginPathFor, type UserInfo } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useLocalePath } from '../../../lib/use-locale';
import { useUpdateProfile } from '../api/use-update-profile';
import { fieldErrors, showFailure } from '../auth-errors';
import { focusFirstInvalid } from '../focus-first-invalid';
import { bioProblem, confirmPasswordProblem, newPasswordProblem, nicknameProblem } from '../validation';
import { AvatarUpload } from './avatar-upload';
import { NewPasswordFields } from './new-password-fields';
import { requiredLabel } from './required-label';
import { SubmitButton } from './submit-button';

interface ProfileValues {
  nickname: string;
  bio: string;
  password: string;
  confirmPassword: string;
}

const SERVER_FIELDS = { nickname: 'nickname', bio: 'bio', password: 'password' };

/**
 * `/user/profile` (spec §2, §5): avatar (uploaded on its own), nickname, bio and an optional new password. Only the
 * fields that changed are sent; a blank password keeps the current one. After a password change the page logs in
 * again with the new password (the change revokes every earlier token), so the user stays logged in.
 */
export function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const form = useForm<ProfileValues>({
    initialValues: { nickname: user.nickname, bio: user.bio, password: '', confirmPassword: '' },
    validate: {
      nickname: nicknameProblem,
      bio: bioProblem,
      password: (value) => (value ? newPasswordProblem(value) : null),
      confirmPassword: (value, values) =>
        values.password || value ? confirmPasswordProblem(value, values.password) : null,
    },
  });

  // The stored user info shows at once; the start-up check (or another tab) may bring newer values a moment later.
  // Fields the user has not touched follow them, so saving never writes back what the form happened to start with.
  const { nickname: currentNickname, bio: currentBio } = user;
  useEffect(() => {
    const untouched = { nickname: !form.isDirty('nickname'), bio: !form.isDirty('bio') };
    form.setInitialValues({ ...form.getInitialValues(), nickname: currentNickname, bio: currentBio });
    if (untouched.nickname) form.setFieldValue('nickname', currentNickname);
    if (untouched.bio) form.setFieldValue('bio', currentBio);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `form` is a new object every render; only the user's values matter
  }, [currentNickname, currentBio]);

  const submit = form.onSubmit(async (values) => {
    const changes: UpdateMeBody = {};
    const nickname = values.nickname.trim();
    if (nickname !== user.nickname) changes.nickname = nickname;
    if (values.bio !== user.bio) changes.bio = values.bio;
    if (values.password) changes.password = values.password;
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
        void navigate(loginPathFor(localePath('/user/profile')), { replace: true });
        return;
      }
      const next = { nickname: saved.nickname, bio: saved.bio, password: '', confirmPassword: '' };
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      toast.success(t('profile.saved'));
    } catch (error) {
      form.setErrors(fieldErrors(error, SERVER_FIELDS));
      showFailure(t('profile.failed'), error);
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
            <TextInput label={t('fields.email')} value={user.email} readOnly variant="filled" />
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
