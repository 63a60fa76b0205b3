import { Edit } from 'react-admin';
import { AlbumForm } from './AlbumForm.tsx';

export function AlbumEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <AlbumForm />
    </Edit>
  );
}
