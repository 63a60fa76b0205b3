import { Edit } from 'react-admin';
import { ArtistForm } from './ArtistForm.tsx';

export function ArtistEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <ArtistForm />
    </Edit>
  );
}
