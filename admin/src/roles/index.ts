import BadgeIcon from '@mui/icons-material/Badge';
import { RoleCreate } from './RoleCreate.tsx';
import { RoleEdit } from './RoleEdit.tsx';
import { RoleList } from './RoleList.tsx';

export default { list: RoleList, edit: RoleEdit, create: RoleCreate, icon: BadgeIcon, recordRepresentation: 'name' };
