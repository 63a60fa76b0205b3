import PeopleIcon from '@mui/icons-material/People';
import { UserCreate } from './UserCreate.tsx';
import { UserEdit } from './UserEdit.tsx';
import { UserList } from './UserList.tsx';

export default { list: UserList, edit: UserEdit, create: UserCreate, icon: PeopleIcon, recordRepresentation: (record: { name?: string; email: string }) => record.name || record.email };
