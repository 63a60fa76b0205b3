import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { PlanCreate } from './PlanCreate.tsx';
import { PlanEdit } from './PlanEdit.tsx';
import { PlanList } from './PlanList.tsx';

// plans/new and plans/{productId}/edit, the spec's addresses, are react-admin's own routes.
export default {
  list: PlanList,
  edit: PlanEdit,
  create: PlanCreate,
  icon: WorkspacePremiumIcon,
  recordRepresentation: 'name',
};
