import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** The site's font stack (site/src/styles/global.css, --font). */
const SITE_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** A colour of the site's themes ("79 70 229"), optionally see-through, as CSS MUI can work with. */
function colour(values: Record<string, string>, name: string, alpha?: string | number): string | undefined {
  const triplet = values[name]?.trim().split(/\s+/).map(Number);
  if (triplet?.length !== 3 || triplet.some((part) => !Number.isFinite(part) || part < 0 || part > 255)) return undefined;
  return alpha === undefined ? `rgb(${triplet.join(', ')})` : `rgba(${triplet.join(', ')}, ${alpha})`;
}

/** A part of a palette, left out when the theme does not say (MUI then keeps its default). */
const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * A react-admin theme from one of the site's themes: its colours, corner radius and font, and
 * the site's ways (pill buttons in sentence case, a flat bar the colour of the site's navbar,
 * outlined fields), on top of react-admin's own light or dark theme.
 */
export function themeFromSite(values: Record<string, string>, mode: 'light' | 'dark'): RaThemeOptions {
  const base = mode === 'dark' ? defaultDarkTheme : defaultLightTheme;
  const text = (name: string) => colour(values, '--be-foreground-base', values[name]);
  const divider = colour(values, '--be-foreground-base', values['--be-divider']);
  const main = colour(values, '--be-primary');
  const primary = main ? { main, ...defined({ contrastText: colour(values, '--be-on-primary') }) } : undefined;
  const danger = colour(values, '--be-danger');
  const positive = colour(values, '--be-positive');
  const radius = Number.parseFloat(values['--be-radius'] ?? '');
  const navbar = colour(values, '--be-navbar') ?? colour(values, '--be-background');
  const sidebar = colour(values, '--be-background-alt');
  return {
    ...base,
    palette: {
      mode,
      ...(primary ? { primary, secondary: primary } : {}),
      ...(danger ? { error: { main: danger } } : {}),
      ...(positive ? { success: { main: positive } } : {}),
      background: defined({ default: colour(values, '--be-background'), paper: colour(values, '--be-paper') }),
      text: defined({ primary: text('--be-text-main'), secondary: text('--be-text-muted') }),
      ...(divider ? { divider } : {}),
    },
    shape: { borderRadius: Number.isFinite(radius) ? radius : 10 },
    typography: {
      ...base.typography,
      fontFamily: SITE_FONT,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      ...base.components,
      MuiButton: { styleOverrides: { root: { borderRadius: 999, whiteSpace: 'nowrap' } } },
      MuiTextField: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } },
      MuiFormControl: { defaultProps: { variant: 'outlined', margin: 'dense', size: 'small', fullWidth: true } },
      MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiCard: { styleOverrides: { root: { border: `1px solid ${divider ?? 'transparent'}` } } },
      MuiAppBar: {
        styleOverrides: {
          colorSecondary: { backgroundColor: navbar, color: text('--be-text-main'), boxShadow: 'none', borderBottom: `1px solid ${divider ?? 'transparent'}` },
        },
      },
      // react-admin lets the layout grow to its widest child (fit-content); on a phone a row of tabs
      // then pushed every form off screen. There the layout keeps the screen's width and wide
      // parts scroll on their own.
      RaLayout: {
        styleOverrides: {
          root: { '@media (max-width: 599.95px)': { minWidth: 0, '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } } },
        },
      },
      RaSidebar: { styleOverrides: { root: { '& .RaSidebar-fixed': { backgroundColor: sidebar }, '& .MuiPaper-root': { backgroundColor: sidebar } } } },
      RaMenuItemLink: {
        styleOverrides: {
          root: {
            borderRadius: Number.isFinite(radius) ? radius : 10,
            margin: '2px 8px',
            '&.RaMenuItemLink-active': { backgroundColor: colour(values, '--be-primary', 0.12), color: colour(values, '--be-primary'), fontWeight: 600 },
            '&.RaMenuItemLink-active .RaMenuItemLink-icon': { color: colour(values, '--be-primary') },
          },
        },
      },
      RaToolbar: { styleOverrides: { root: { backgroundColor: 'transparent', borderTop: `1px solid ${divider ?? 'transparent'}` } } },
    },
  };
}
