import { Box, Card, CardContent, Link, Typography } from '@mui/material';
import { useEffect } from 'react';
import { LoginForm, useCheckAuth, useNavigate, useTranslate } from 'react-admin';
import { siteLook } from './look.ts';
import { SiteLogo } from './SiteLogo.tsx';

/**
 * The back office's login page in the site's look (its auth card: the logo above a heading and
 * the form, on the site's background), with react-admin's own form and behaviour.
 */
export function LoginPage() {
  const translate = useTranslate();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  // Someone already logged in goes straight in, as with react-admin's own login page.
  useEffect(() => {
    checkAuth({}, false).then(
      () => navigate('/'),
      () => undefined,
    );
  }, [checkAuth, navigate]);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: 'min(440px, 100%)' }} data-testid="login-card">
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <Box sx={{ mb: 3 }}>
            <SiteLogo />
          </Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
            {translate('Sign in to the back office')}
          </Typography>
          <Box sx={{ mx: -2 }}>
            <LoginForm sx={{ '& .RaLoginForm-content': { width: 'auto' }, '& .RaLoginForm-button': { minHeight: 42 } }} />
          </Box>
        </CardContent>
      </Card>
      {siteLook && (
        <Link href="/" underline="hover" color="text.secondary">
          {translate('Back to %{site}', { site: siteLook.site_name })}
        </Link>
      )}
    </Box>
  );
}
