import { Edit } from 'react-admin';
import { CustomPageForm } from './CustomPageForm.tsx';

export function CustomPageEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <CustomPageForm />
    </Edit>
  );
}
