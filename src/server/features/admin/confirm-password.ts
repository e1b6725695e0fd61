/**
 * The password a destructive console action asks for again (deactivate, refund, delete a record, revert): the
 * account's own current-password check (features/auth, handed in by the composition root), so a wrong one counts as
 * a guess in the login limits (429 past AUTH_ACCOUNT_PER_15MIN from one address), answered here as 403
 * `ADMIN_BAD_CURRENT_PASSWORD`: the operator is who the token says, but has not proved it again (decision 0040).
 */
import { AuthErrorCode } from '#shared/account-rules';
import { AdminErrorCode } from '#shared/admin-rules';
import type { User } from '../../accounts/users.repository';
import { DomainError } from '../../domain-error';

/** The auth feature's check: throws `UPDATE_USER_BAD_CURRENT_PASSWORD` (invalid) for a missing or wrong password. */
export interface CurrentPasswordCheck {
  checkCurrentPassword(user: User, password: string | null | undefined, clientAddress: string): Promise<void>;
}

export async function confirmPassword(
  check: CurrentPasswordCheck,
  user: User,
  password: string,
  clientAddress: string,
): Promise<void> {
  try {
    await check.checkCurrentPassword(user, password, clientAddress);
  } catch (error) {
    if (error instanceof DomainError && error.code === AuthErrorCode.UPDATE_USER_BAD_CURRENT_PASSWORD)
      throw new DomainError('forbidden', AdminErrorCode.BAD_PASSWORD);
    throw error;
  }
}
