import { Edit } from 'react-admin';
import { LocalizationForm } from './LocalizationForm.tsx';

export function LocalizationEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <LocalizationForm />
    </Edit>
  );
}
