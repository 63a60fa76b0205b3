import ArticleIcon from '@mui/icons-material/Article';
import { CustomPageCreate } from './CustomPageCreate.tsx';
import { CustomPageEdit } from './CustomPageEdit.tsx';
import { CustomPageList } from './CustomPageList.tsx';

export default { list: CustomPageList, edit: CustomPageEdit, create: CustomPageCreate, icon: ArticleIcon, recordRepresentation: 'title' };
