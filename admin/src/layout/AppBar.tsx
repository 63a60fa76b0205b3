import { AppBar as RaAppBar, TitlePortal } from 'react-admin';
import { SiteLogo } from '../theme/SiteLogo.tsx';

/** react-admin's bar with the site's logo before the page title. */
export function AppBar() {
  return (
    <RaAppBar>
      <SiteLogo />
      {/* A long title ends in an ellipsis rather than running under the bar's buttons on a phone. */}
      <TitlePortal sx={{ ml: 2, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} />
    </RaAppBar>
  );
}
