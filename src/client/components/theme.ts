import {
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

/** docs/product-requirements.md §9: dropdown menu content opens at the bottom, 8 px away from its trigger. */
export const DROPDOWN_POSITION = 'bottom' as const;
export const DROPDOWN_OFFSET = 8;

const PRIMARY = 'lime';

/**
 * Lime is the product colour (docs/product-requirements.md §9). Mantine's lime is very light from shade 6 up, so white
 * text on it and lime text on white fail WCAG contrast; the darker shades 7–9 here keep the hue but reach 4.5:1 (shade
 * 8 on white ≈ 5:1).
 */
const lime: MantineColorsTuple = [
  '#f4fce3',
  '#e9fac8',
  '#d8f5a2',
  '#c0eb75',
  '#a9e34b',
  '#94d82d',
  '#82c91e',
  '#65a30d',
  '#4d7c0f',
  '#3f6212',
];

/**
 * Text on the primary fill: white on the dark lime of light mode, near-black on the bright lime of dark mode. Mantine's
 * own auto-contrast decides once for both schemes, so the choice is a CSS variable set per scheme instead.
 */
const ON_PRIMARY = '--anglerdex-on-primary';

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const primary = input.color === undefined || input.color === PRIMARY;
  if (primary && input.variant === 'filled') return { ...colors, color: `var(${ON_PRIMARY})` };
  return colors;
};

/**
 * Mantine's dimmed text (gray-6 on white 3.3:1, dark-2 on dark-7 4.0:1) fails WCAG AA for body text, which axe reports
 * as serious; these greys keep the softer look at ≥ 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    [ON_PRIMARY]: 'var(--mantine-color-white)',
    '--mantine-color-dimmed': '#6b7178',
    // The light variant's text (a paid order's badge, a catch in probation) on its pale fill: Mantine's shade 9 reaches
    // only 4.3:1 in teal, 3.6:1 in orange and 2.7:1 in yellow; these darker tones of the same hues reach 5:1 or more.
    '--mantine-color-teal-light-color': '#0b6e4f',
    '--mantine-color-orange-light-color': '#b03a0b',
    '--mantine-color-yellow-light-color': '#8f5400',
  },
  dark: { [ON_PRIMARY]: 'var(--mantine-color-black)', '--mantine-color-dimmed': '#a3a3a3' },
});

export const theme = createTheme({
  primaryColor: PRIMARY,
  colors: { lime },
  // Light mode fills with the dark lime, dark mode with the bright one; both reach 4.5:1 with their text colour.
  primaryShade: { light: 8, dark: 6 },
  variantColorResolver,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", "Noto Sans SC", "Noto Sans CJK SC", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '700' },
  components: {
    // A plain object, not `Menu.extend`: importing Menu here would put it in the first download (menus load later).
    Menu: { defaultProps: { position: DROPDOWN_POSITION, offset: DROPDOWN_OFFSET, shadow: 'md' } },
    // A drawer's title bar is a <header> inside the dialog, which axe (landmark-no-duplicate-banner) and some screen
    // readers take for a second page banner beside the top bar; it is only the dialog's title row.
    Drawer: { defaultProps: { attributes: { header: { role: 'none' } } } },
  },
});
