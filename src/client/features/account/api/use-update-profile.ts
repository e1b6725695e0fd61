import { useMutation } from '@tanstack/react-query';
import type { UpdateMeBody, UserRead } from '#shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';
import { logIn } from './use-login';

interface ProfileUpdate {
  /** Only the fields that changed. */
  changes: UpdateMeBody;
}

interface ProfileUpdateResult {
  user: UserRead;
  /** A password change revokes every earlier token; false when logging in again with the new one failed. */
  reloggedIn: boolean | null;
}

/**
 * `PATCH /api/users/me` with the changed fields (and `current_password` when they need it). A new password revokes
 * every token issued before it, the one just used included, so the user is logged in again at once with the e-mail
 * and the new password and the new token is stored: the user stays logged in.
 */
async function updateProfile({ changes }: ProfileUpdate): Promise<ProfileUpdateResult> {
  const user = await api.patch<UserRead>('/api/users/me', changes);
  if (!changes.password) {
    setSession({ userInfo: user });
    return { user, reloggedIn: null };
  }
  try {
    // The answer's address: when the same request changed the e-mail, only the new one logs in.
    await logIn({ username: user.email, password: changes.password });
    return { user, reloggedIn: true };
  } catch {
    setSession({ userInfo: user });
    return { user, reloggedIn: false };
  }
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}

/** `POST /api/users/me/avatar`: one image in the multipart field `file`; answers the user with the new avatar URL. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      const user = await api.post<UserRead>('/api/users/me/avatar', form);
      setSession({ userInfo: user });
      return user;
    },
  });
}
