import { Create } from 'react-admin';
import { LocalizationForm } from './LocalizationForm.tsx';

export function LocalizationCreate() {
  return (
    <Create redirect="list">
      <LocalizationForm />
    </Create>
  );
}
