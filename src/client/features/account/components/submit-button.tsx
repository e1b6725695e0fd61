import { Button, Loader, type ButtonProps } from '@mantine/core';

interface SubmitButtonProps extends Omit<ButtonProps, 'children'> {
  busy: boolean;
  label: string;
  /**
   * What the button says while the request runs (docs/product-requirements.md §4 loading states: 'logging in',
   * 'registering', 'saving').
   */
  busyLabel: string;
}

/**
 * A form's submit button. While busy it says so in words (not only a spinner) and cannot be pressed twice. Mantine's
 * `loading` would hide the label, so the spinner goes beside it instead.
 */
export function SubmitButton({ busy, label, busyLabel, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      leftSection={busy ? <Loader size={14} color="currentColor" aria-hidden /> : undefined}
      {...props}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}
