import { Box, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES } from '#shared/account-rules';
import { UserAvatar } from '../../../components/user-avatar';
import { ApiError } from '../../../lib/api-client';
import type { UserInfo } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useUploadAvatar } from '../api/use-update-profile';
import { authErrorText, showFailure } from '../auth-errors';

/** The toast id an action's failure and its success share, so a success replaces an earlier failure. */
const UPLOAD_TOAST = 'avatar-upload';

/** What the server takes (it checks the content too); the picker offers only these. */
const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * The avatar: a picked picture is checked here first (at most 5 MB, docs/product-requirements.md §5 — a bigger one is
 * never uploaded), then uploaded at once, apart from the rest of the profile form.
 */
export function AvatarUpload({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const upload = useUploadAvatar();
  const [problem, setProblem] = useState<string | null>(null);
  const resetInput = useRef<() => void>(null);

  const pick = async (file: File | null) => {
    if (!file) return;
    // Empty the file input, so picking the same file again (a retry after a failure) is still a change.
    resetInput.current?.();
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem(t('profile.avatarTooBig'));
      toast.error(t('profile.avatarFailed'), t('profile.avatarTooBig'), { id: UPLOAD_TOAST });
      return;
    }
    if (file.type && !AVATAR_TYPES.includes(file.type)) {
      setProblem(t('profile.avatarBadType'));
      toast.error(t('profile.avatarFailed'), t('profile.avatarBadType'), { id: UPLOAD_TOAST });
      return;
    }
    setProblem(null);
    try {
      await upload.mutateAsync(file);
      toast.success(t('profile.avatarSuccess'), undefined, { id: UPLOAD_TOAST });
    } catch (error) {
      let reason = authErrorText(error);
      if (error instanceof ApiError && error.status === 413) reason = t('profile.avatarTooBig');
      if (error instanceof ApiError && error.status === 415) reason = t('profile.avatarBadType');
      setProblem(reason);
      // Refused by the server → 'Avatar upload failed'; never got there (offline) → 'Upload failed'.
      showFailure(
        error instanceof ApiError ? t('profile.avatarFailed') : t('profile.uploadFailed'),
        error,
        reason,
        UPLOAD_TOAST,
      );
    }
  };

  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <UserAvatar user={user} size={88} radius="xl" alt={t('profile.avatarOf', { name: user.nickname })} />
      <Stack gap={6} miw={0}>
        <Box>
          <FileButton onChange={(file) => void pick(file)} accept={AVATAR_TYPES.join(',')} resetRef={resetInput}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                disabled={upload.isPending}
                leftSection={
                  upload.isPending ? (
                    <Loader size={14} color="currentColor" aria-hidden />
                  ) : (
                    <IconUpload size={16} aria-hidden />
                  )
                }
                aria-describedby="avatar-hint avatar-problem"
              >
                {upload.isPending ? t('profile.uploading') : t('profile.changeAvatar')}
              </Button>
            )}
          </FileButton>
        </Box>
        <Text id="avatar-hint" size="xs" c="dimmed">
          {t('profile.avatarHint')}
        </Text>
        <Text id="avatar-problem" size="sm" c="red" role="alert">
          {problem}
        </Text>
      </Stack>
    </Group>
  );
}
