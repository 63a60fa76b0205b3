import LyricsIcon from '@mui/icons-material/Lyrics';
import { LyricCreate } from './LyricCreate.tsx';
import { LyricEdit } from './LyricEdit.tsx';
import { LyricList } from './LyricList.tsx';
import { i18nProvider } from '../providers/i18nProvider.ts';

export default {
  list: LyricList,
  edit: LyricEdit,
  create: LyricCreate,
  icon: LyricsIcon,
  recordRepresentation: (record: { track_id: number }) => i18nProvider.translate('Lyrics of track %{id}', { id: record.track_id }),
};
