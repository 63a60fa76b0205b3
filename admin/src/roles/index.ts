import BadgeIcon from '@mui/icons-material/Badge';
import { RoleEdit } from './RoleEdit.tsx';
import { RoleList } from './RoleList.tsx';

export default { list: RoleList, edit: RoleEdit, icon: BadgeIcon, recordRepresentation: 'name' };
