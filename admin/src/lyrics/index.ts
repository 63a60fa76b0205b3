import LyricsIcon from '@mui/icons-material/Lyrics';
import { LyricCreate } from './LyricCreate.tsx';
import { LyricEdit } from './LyricEdit.tsx';
import { LyricList } from './LyricList.tsx';

export default { list: LyricList, edit: LyricEdit, create: LyricCreate, icon: LyricsIcon, recordRepresentation: (record: { track_id: number }) => `Lyrics of track ${record.track_id}` };
