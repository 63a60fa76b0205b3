import MicIcon from '@mui/icons-material/Mic';
import { ArtistCreate } from './ArtistCreate.tsx';
import { ArtistEdit } from './ArtistEdit.tsx';
import { ArtistList } from './ArtistList.tsx';

export default { list: ArtistList, edit: ArtistEdit, create: ArtistCreate, icon: MicIcon, recordRepresentation: 'name' };
