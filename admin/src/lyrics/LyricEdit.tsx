import { Edit } from 'react-admin';
import { LyricForm } from './LyricForm.tsx';

export function LyricEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <LyricForm />
    </Edit>
  );
}
