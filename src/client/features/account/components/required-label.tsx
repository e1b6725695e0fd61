/**
 * Props of a required input's label: the text, then a '*' drawn by CSS. Mantine's own asterisk is a text node inside
 * the label, so the label's text would read "E-mail *"; drawn this way the label is just "E-mail" to anything that
 * reads it (screen readers get `required` from the input itself). Spread it: `<TextInput {...requiredLabel(t('x'))} />`.
 */
export function requiredLabel(text: string) {
  return {
    label: (
      <>
        {text}
        <span className="required-mark" aria-hidden="true" />
      </>
    ),
    required: true,
    withAsterisk: false,
  };
}
