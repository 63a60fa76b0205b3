import { Create } from 'react-admin';
import { AlbumForm } from './AlbumForm.tsx';

export function AlbumCreate() {
  return (
    <Create redirect="list">
      <AlbumForm />
    </Create>
  );
}
