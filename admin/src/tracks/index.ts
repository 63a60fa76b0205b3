import MusicNoteIcon from '@mui/icons-material/MusicNote';
import { TrackCreate } from './TrackCreate.tsx';
import { TrackEdit } from './TrackEdit.tsx';
import { TrackList } from './TrackList.tsx';

export default {
  list: TrackList,
  edit: TrackEdit,
  create: TrackCreate,
  icon: MusicNoteIcon,
  recordRepresentation: 'name',
};
