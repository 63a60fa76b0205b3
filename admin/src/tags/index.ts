import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { TagCreate } from './TagCreate.tsx';
import { TagEdit } from './TagEdit.tsx';
import { TagList } from './TagList.tsx';

export default { list: TagList, edit: TagEdit, create: TagCreate, icon: LocalOfferIcon, recordRepresentation: (record: { name: string; display_name?: string | null }) => record.display_name || record.name };
