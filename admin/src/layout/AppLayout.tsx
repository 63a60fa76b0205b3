import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Layout, Menu, useCanAccess, useTranslate, type LayoutProps } from 'react-admin';

/** Pages that are not resources, each shown to those allowed to use it. */
function PageItems() {
  const translate = useTranslate();
  const upload = useCanAccess({ resource: 'upload', action: 'create' });
  return <>{upload.canAccess && <Menu.Item to="/upload" primaryText={translate('Upload')} leftIcon={<CloudUploadIcon />} />}</>;
}

function AppMenu() {
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.ResourceItems />
      <PageItems />
    </Menu>
  );
}

export function AppLayout(props: LayoutProps) {
  return <Layout {...props} menu={AppMenu} />;
}
