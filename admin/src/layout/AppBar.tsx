import { AppBar as RaAppBar, TitlePortal } from 'react-admin';
import { SiteLogo } from '../theme/SiteLogo.tsx';

/** react-admin's bar with the site's logo before the page title. */
export function AppBar() {
  return (
    <RaAppBar>
      <SiteLogo />
      <TitlePortal sx={{ ml: 2 }} />
    </RaAppBar>
  );
}
