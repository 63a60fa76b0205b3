import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import albums from './albums/index.ts';
import artists from './artists/index.ts';
import { Dashboard } from './dashboard/Dashboard.tsx';
import genres from './genres/index.ts';
import { authProvider } from './providers/authProvider.ts';
import { dataProvider } from './providers/dataProvider.ts';
import { i18nProvider } from './providers/i18nProvider.ts';
import roles from './roles/index.ts';
import tracks from './tracks/index.ts';
import users from './users/index.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { LogsPage } from './logs/LogsPage.tsx';
import { InsightsPage } from './reports/InsightsPage.tsx';
import { SettingsPage } from './settings/SettingsPage.tsx';
import { AppearancePage } from './appearance/AppearancePage.tsx';
import ads from './ads/index.ts';
import backstageRequests from './backstage-requests/index.ts';
import channels, { ChannelEditBySlug } from './channels/index.ts';
import comments from './comments/index.ts';
import customPages from './custom-pages/index.ts';
import localizations, { LocalizationTranslate } from './localizations/index.ts';
import lyrics from './lyrics/index.ts';
import playlists from './playlists/index.ts';
import tags from './tags/index.ts';
import files from './files/index.ts';
import { UploadPage } from './upload/UploadPage.tsx';
import plans from './plans/index.ts';
import subscriptions from './subscriptions/index.ts';
import { siteLook } from './theme/look.ts';
import { LoginPage } from './theme/LoginPage.tsx';
import { themeFromSite } from './theme/theme.ts';

// The site's themes, as the server sent them with the page (without them, react-admin's colours).
const lightTheme = themeFromSite(siteLook?.themes.light ?? {}, 'light');
const darkTheme = themeFromSite(siteLook?.themes.dark ?? {}, 'dark');

export function App() {
  // Real paths under /admin (the server falls back to index.html), not the default hash router.
  return (
    <BrowserRouter basename="/admin">
    <Admin
      title="Admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      layout={AppLayout}
      theme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme={siteLook && siteLook.mode !== 'system' ? siteLook.mode : undefined}
      loginPage={LoginPage}
      requireAuth
      disableTelemetry
    >
      <Resource name="tracks" {...tracks} />
      <Resource name="albums" {...albums} />
      <Resource name="artists" {...artists} />
      <Resource name="genres" {...genres} />
      <Resource name="users" {...users} />
      <Resource name="roles" {...roles} />
      <Resource name="outgoing-emails" />
      <Resource name="schedule-runs" />
      <Resource name="files" {...files} />
      <CustomRoutes>
        <Route path="/upload" element={<UploadPage />} />
        <Route path="/settings" element={<Navigate to="/settings/general" replace />} />
        <Route path="/settings/:section" element={<SettingsPage />} />
        <Route path="/appearance/*" element={<AppearancePage />} />
        <Route path="/logs" element={<Navigate to="/logs/schedule" replace />} />
        <Route path="/logs/:tab" element={<LogsPage />} />
        <Route path="/tracks/:id/insights" element={<InsightsPage resource="tracks" />} />
        <Route path="/albums/:id/insights" element={<InsightsPage resource="albums" />} />
        <Route path="/artists/:id/insights" element={<InsightsPage resource="artists" />} />
      </CustomRoutes>
      {/* Catalogue and content sections; the extra routes are the spec's addresses. */}
      <Resource name="channels" {...channels}>
        <Route path=":slugOrId/edit" element={<ChannelEditBySlug />} />
      </Resource>
      <Resource name="playlists" {...playlists} />
      <Resource name="lyrics" {...lyrics} />
      <Resource name="comments" {...comments} />
      <Resource name="tags" {...tags} />
      <Resource name="custom-pages" {...customPages}>
        <Route path=":id/edit" element={<customPages.edit />} />
      </Resource>
      <Resource name="localizations" {...localizations}>
        <Route path=":id/translate" element={<LocalizationTranslate />} />
      </Resource>
      <Resource name="ads" {...ads} />
      <Resource name="backstage-requests" {...backstageRequests} />
      <Resource name="subscriptions" {...subscriptions} />
      <Resource name="plans" {...plans}>
        <Route path="new" element={<plans.create />} />
        <Route path=":id/edit" element={<plans.edit />} />
      </Resource>
    </Admin>
    </BrowserRouter>
  );
}
