import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { requiredLabel } from './required-label';

interface EmailFieldProps {
  /** `form.getInputProps('email')`. */
  input: GetInputPropsReturnType;
  /** `username` on the login form (password managers pair it with the password), `email` elsewhere. */
  autoComplete?: 'email' | 'username';
}

/** The required e-mail field of the login, register and forgot-password forms, with the spec's prompt. */
export function EmailField({ input, autoComplete = 'email' }: EmailFieldProps) {
  const { t } = useTranslation('account');
  return (
    <TextInput
      {...requiredLabel(t('fields.email'))}
      placeholder={t('fields.emailPlaceholder')}
      type="email"
      autoComplete={autoComplete}
      {...input}
    />
  );
}
