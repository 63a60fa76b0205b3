import { Edit } from 'react-admin';
import { TrackForm } from './TrackForm.tsx';

export function TrackEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <TrackForm />
    </Edit>
  );
}
