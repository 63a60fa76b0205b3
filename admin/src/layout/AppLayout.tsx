import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import PaletteIcon from '@mui/icons-material/Palette';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import type { ReactNode } from 'react';
import { Layout, Menu, usePermissions } from 'react-admin';
import { AppBar } from './AppBar.tsx';

/** The resources, then the sections that are pages of their own, shown to those who may use them. */
export function AppMenu() {
  const { permissions } = usePermissions<string[]>();
  const has = (name: string) => Boolean(permissions?.includes('admin') || permissions?.includes(name));
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      {has('settings.update') && <Menu.Item to="/settings" primaryText="Settings" leftIcon={<SettingsIcon />} />}
      {has('appearance.update') && <Menu.Item to="/appearance" primaryText="Appearance" leftIcon={<PaletteIcon />} />}
      {has('logs.view') && <Menu.Item to="/logs" primaryText="Logs" leftIcon={<ReceiptLongIcon />} />}
      {/* Uploads here are filed under any artist their tags name: managing all music. */}
      {has('music.create') && has('music.update') && <Menu.Item to="/upload" primaryText="Upload" leftIcon={<CloudUploadIcon />} />}
    </Menu>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AppMenu} appBar={AppBar}>
      {children}
    </Layout>
  );
}
