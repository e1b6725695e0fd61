import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's password input, made as accessible as its text inputs: a named show/hide button that the keyboard reaches, and `aria-invalid` when
 * it shows an error (Mantine's PasswordInput only styles the error; the text is tied through aria-describedby).
 */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation('account');
  return (
    <MantinePasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
      // Mantine leaves the toggle out of the tab order; a keyboard user must be able to reach it too.
      visibilityToggleFocusable
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}
