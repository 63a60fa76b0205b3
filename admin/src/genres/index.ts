import CategoryIcon from '@mui/icons-material/Category';
import { GenreCreate } from './GenreCreate.tsx';
import { GenreEdit } from './GenreEdit.tsx';
import { GenreList } from './GenreList.tsx';

export default { list: GenreList, edit: GenreEdit, create: GenreCreate, icon: CategoryIcon, recordRepresentation: 'display_name' };
