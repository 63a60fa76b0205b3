import { Create } from 'react-admin';
import { RoleForm } from './RoleForm.tsx';

export function RoleCreate() {
  return (
    <Create redirect="edit" record={{ permissions: [{ name: 'music.view', restrictions: [] }] }}>
      <RoleForm />
    </Create>
  );
}
