import { Create } from 'react-admin';
import { ArtistForm } from './ArtistForm.tsx';

export function ArtistCreate() {
  return (
    <Create redirect="list">
      <ArtistForm />
    </Create>
  );
}
