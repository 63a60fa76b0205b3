import { Edit } from 'react-admin';
import { InsightsActions } from '../reports/InsightsButton.tsx';
import { ArtistForm } from './ArtistForm.tsx';

export function ArtistEdit() {
  return (
    <Edit mutationMode="pessimistic" actions={<InsightsActions />}>
      <ArtistForm />
    </Edit>
  );
}
