import { Create } from 'react-admin';
import { TrackForm } from './TrackForm.tsx';

export function TrackCreate() {
  return (
    <Create redirect="list">
      <TrackForm />
    </Create>
  );
}
