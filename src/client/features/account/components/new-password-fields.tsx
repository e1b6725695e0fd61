import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from './password-input';
import { requiredLabel } from './required-label';

interface NewPasswordFieldsProps {
  /** `form.getInputProps('password')` and `form.getInputProps('confirmPassword')`. */
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
  /** The first field's label (register says "Password", reset and profile "New password"). */
  passwordLabel: string;
  /** Required on register and reset; optional on the profile, where blank means unchanged. */
  required: boolean;
}

/** A new password and its confirmation, as register, reset-password and the profile ask for them. */
export function NewPasswordFields({ password, confirm, passwordLabel, required }: NewPasswordFieldsProps) {
  const { t } = useTranslation('account');
  const label = (text: string) => (required ? requiredLabel(text) : { label: text });
  return (
    <>
      <PasswordInput
        {...label(passwordLabel)}
        placeholder={t('fields.newPasswordPlaceholder')}
        autoComplete="new-password"
        {...password}
      />
      <PasswordInput
        {...label(t('fields.confirmPassword'))}
        placeholder={t('fields.confirmPasswordPlaceholder')}
        autoComplete="new-password"
        {...confirm}
      />
    </>
  );
}
