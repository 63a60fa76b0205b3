import FolderIcon from '@mui/icons-material/Folder';
import { FileList } from './FileList.tsx';
import { FileShow } from './FileShow.tsx';

export default {
  list: FileList,
  show: FileShow,
  icon: FolderIcon,
  recordRepresentation: 'name',
};
