import type { FormErrors } from '@mantine/form';

interface FormWithInputs {
  getInputNode: (path: never) => HTMLElement | null;
}

/**
 * The validation-failure handler of an account form (`form.onSubmit(submit, focusFirstInvalid(form))`): Mantine moves
 * focus nowhere, so a keyboard or screen-reader user would press the button and hear nothing. Focusing the first
 * field with an error reads its label and, through `aria-describedby`, the error under it.
 */
export function focusFirstInvalid(form: FormWithInputs) {
  return (errors: FormErrors) => {
    const first = Object.keys(errors)[0];
    if (first) (form.getInputNode as (path: string) => HTMLElement | null)(first)?.focus();
  };
}
