import { Edit } from 'react-admin';
import { PlanForm } from './PlanForm.tsx';

export function PlanEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <PlanForm />
    </Edit>
  );
}
