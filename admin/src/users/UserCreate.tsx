import { Create } from 'react-admin';
import { UserForm } from './UserForm.tsx';

export function UserCreate() {
  return (
    <Create redirect="list">
      <UserForm creating />
    </Create>
  );
}
