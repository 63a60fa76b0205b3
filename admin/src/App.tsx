import { Admin, CustomRoutes, defaultDarkTheme, defaultLightTheme, Resource } from 'react-admin';
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
import files from './files/index.ts';
import { UploadPage } from './upload/UploadPage.tsx';

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
      theme={defaultLightTheme}
      darkTheme={defaultDarkTheme}
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
        <Route path="/logs" element={<Navigate to="/logs/schedule" replace />} />
        <Route path="/logs/:tab" element={<LogsPage />} />
        <Route path="/tracks/:id/insights" element={<InsightsPage resource="tracks" />} />
        <Route path="/albums/:id/insights" element={<InsightsPage resource="albums" />} />
        <Route path="/artists/:id/insights" element={<InsightsPage resource="artists" />} />
      </CustomRoutes>
    </Admin>
    </BrowserRouter>
  );
}
