import { Create } from 'react-admin';
import { LyricForm } from './LyricForm.tsx';

export function LyricCreate() {
  return (
    <Create redirect="list">
      <LyricForm />
    </Create>
  );
}
