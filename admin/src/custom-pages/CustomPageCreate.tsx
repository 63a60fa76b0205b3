import { Create } from 'react-admin';
import { CustomPageForm } from './CustomPageForm.tsx';

export function CustomPageCreate() {
  return (
    <Create redirect="list">
      <CustomPageForm />
    </Create>
  );
}
