import { Edit } from 'react-admin';
import { InsightsActions } from '../reports/InsightsButton.tsx';
import { TrackForm } from './TrackForm.tsx';

export function TrackEdit() {
  return (
    <Edit mutationMode="pessimistic" actions={<InsightsActions />}>
      <TrackForm />
    </Edit>
  );
}
