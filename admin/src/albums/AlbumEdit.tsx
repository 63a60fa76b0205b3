import { Edit } from 'react-admin';
import { InsightsActions } from '../reports/InsightsButton.tsx';
import { AlbumForm } from './AlbumForm.tsx';

export function AlbumEdit() {
  return (
    <Edit mutationMode="pessimistic" actions={<InsightsActions />}>
      <AlbumForm />
    </Edit>
  );
}
