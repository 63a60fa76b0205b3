import { Box, useTheme } from '@mui/material';
import { siteLook } from './look.ts';

/**
 * The site's logo as the site shows it (site/src/components/Logo.astro): the logo of the light or
 * dark theme, or the site's name when it has none. It leads back to the site.
 */
export function SiteLogo() {
  const theme = useTheme();
  if (!siteLook) return null;
  const logo = theme.palette.mode === 'dark' ? siteLook.logo_dark : siteLook.logo_light;
  return (
    <Box
      component="a"
      href="/"
      aria-label={siteLook.site_name}
      data-testid="site-logo"
      sx={{ display: 'inline-flex', alignItems: 'center', height: 40, color: 'text.primary', textDecoration: 'none', flex: '0 0 auto' }}
    >
      {logo ? (
        <Box component="img" src={logo} alt="" sx={{ maxHeight: 36, width: 'auto', display: 'block' }} />
      ) : (
        <Box component="span" sx={{ fontSize: 20, fontWeight: 800, letterSpacing: '-0.02em' }}>
          {siteLook.site_name}
        </Box>
      )}
    </Box>
  );
}
