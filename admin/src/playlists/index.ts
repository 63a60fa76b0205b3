import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import { PlaylistCreate } from './PlaylistCreate.tsx';
import { PlaylistEdit } from './PlaylistEdit.tsx';
import { PlaylistList } from './PlaylistList.tsx';

export default { list: PlaylistList, edit: PlaylistEdit, create: PlaylistCreate, icon: QueueMusicIcon, recordRepresentation: 'name' };
