import AlbumIcon from '@mui/icons-material/Album';
import { AlbumCreate } from './AlbumCreate.tsx';
import { AlbumEdit } from './AlbumEdit.tsx';
import { AlbumList } from './AlbumList.tsx';

export default { list: AlbumList, edit: AlbumEdit, create: AlbumCreate, icon: AlbumIcon, recordRepresentation: 'name' };
