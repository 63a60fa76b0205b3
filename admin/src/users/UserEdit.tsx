import { Edit } from 'react-admin';
import { UserForm } from './UserForm.tsx';

export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={({ password, ...data }) => (password ? { ...data, password } : data)}>
      <UserForm />
    </Edit>
  );
}
