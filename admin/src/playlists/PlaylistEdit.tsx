import { Edit } from 'react-admin';
import { PlaylistForm } from './PlaylistForm.tsx';

export function PlaylistEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <PlaylistForm />
    </Edit>
  );
}
