import { type CSSVariablesResolver, createTheme, type MantineTheme, rem } from '@mantine/core';

/**
 * One height for the inputs and buttons a thumb uses: 46 px, so the 1 px borders leave a 44×44 px area
 * for an input's own buttons (the password's eye). Apple and WCAG 2.5.5 ask for 44.
 */
const CONTROL_HEIGHT = rem(46);
/** The least a thumb can hit. The switches, checkboxes and a list's options get it in tap-targets.css. */
const TAP = rem(44);
/** Mantine's inline padding of a segmented control's options, by size: only their height changes. */
const SEGMENT_INLINE_PADDING: Record<string, string> = {
  xs: rem(6),
  sm: rem(10),
  md: rem(14),
  lg: rem(16),
  xl: rem(20),
};
const isDefaultSize = (size: string | undefined) => size === undefined || size === 'sm' || size === 'md';

/**
 * The components' `vars` below are plain objects, not `Button.extend(…)`: importing a component here puts
 * it in the app's entry chunk, and /login's first download grew by three requests.
 */
type SizedProps = { size?: string };

export const theme = createTheme({
  primaryColor: 'indigo',
  // Indigo 7, not Mantine's 6: white on the filled buttons and indigo links on white reach WCAG AA 4.5:1.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Big enough to hit with a thumb at the newsstand.
    Button: {
      // A button's own spinner is not a status of its own (the button is busy: data-loading).
      defaultProps: { size: 'md', loaderProps: { role: 'presentation' } },
      vars: (_theme: MantineTheme, props: SizedProps) => ({
        root: { '--button-height': props.size === 'md' ? CONTROL_HEIGHT : undefined },
      }),
    },
    // Text in every input at 16 px at least: iOS zooms into a field whose text is smaller.
    Input: {
      vars: (_theme: MantineTheme, props: SizedProps) => ({
        wrapper: {
          '--input-fz':
            props.size === 'lg' || props.size === 'xl' ? undefined : 'var(--mantine-font-size-md)',
          '--input-height': isDefaultSize(props.size) ? CONTROL_HEIGHT : undefined,
        },
      }),
    },
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostra o nascondi la password' } },
      vars: (_theme: MantineTheme, props: SizedProps) => ({
        root: {
          '--psi-button-size': isDefaultSize(props.size) ? rem(44) : undefined,
          '--psi-icon-size': isDefaultSize(props.size) ? rem(22) : undefined,
        },
      }),
    },
    // Each option 44 px tall whatever its text's size (1lh, its line): the album's filters (33 px in
    // Mantine's md), the Match's 'Ordina per' (28 px in sm), the Scambi's tabs.
    SegmentedControl: {
      vars: (_theme: MantineTheme, props: SizedProps) => ({
        root: {
          '--sc-padding': `calc((${TAP} - 1lh) / 2) ${SEGMENT_INLINE_PADDING[props.size ?? 'sm'] ?? SEGMENT_INLINE_PADDING.sm}`,
        },
      }),
    },
    // The close of every dialog 44×44 px (Mantine's is 28), its cross as before and where it was: the
    // negative margins keep the header's height and the cross's place.
    Modal: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Chiudi', size: 'xl', iconSize: 20, my: -8, me: -8 },
      },
    },
    // A loader says what is loading (its aria-label) as a status: a label on a plain span is not read.
    Loader: { defaultProps: { role: 'status' } },
    ActionIcon: { defaultProps: { loaderProps: { role: 'presentation' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Chiudi notifica', size: 'xl' } } },
  },
});

/**
 * Secondary ('dimmed') text in gray 7 and errors under a field in red 9: Mantine's gray 6 and red 6 on white
 * are 3.3:1, under WCAG AA's 4.5:1 (axe's color-contrast, serious). The same for the light variant (badges,
 * alerts' titles), shade 9 on shade 1: teal reads 4.3:1, so its background is shade 0 (4.7:1); green,
 * orange and yellow reach 4.5:1 in no shade of their own, so their text is gray 9.
 */
export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-color-green-light-color': 'var(--mantine-color-gray-9)',
    '--mantine-color-orange-light-color': 'var(--mantine-color-gray-9)',
    '--mantine-color-yellow-light-color': 'var(--mantine-color-gray-9)',
  },
  dark: {},
});
