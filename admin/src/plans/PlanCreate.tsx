import { Create } from 'react-admin';
import { PlanForm } from './PlanForm.tsx';

export function PlanCreate() {
  return (
    <Create redirect="list">
      <PlanForm />
    </Create>
  );
}
