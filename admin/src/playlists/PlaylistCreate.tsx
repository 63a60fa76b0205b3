import { Create } from 'react-admin';
import { PlaylistForm } from './PlaylistForm.tsx';

export function PlaylistCreate() {
  return (
    <Create redirect="list">
      <PlaylistForm />
    </Create>
  );
}
