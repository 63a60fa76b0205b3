import LanguageIcon from '@mui/icons-material/Language';
import { LocalizationCreate } from './LocalizationCreate.tsx';
import { LocalizationEdit } from './LocalizationEdit.tsx';
import { LocalizationList } from './LocalizationList.tsx';

export { LocalizationTranslate } from './LocalizationTranslate.tsx';

export default { list: LocalizationList, edit: LocalizationEdit, create: LocalizationCreate, icon: LanguageIcon, recordRepresentation: 'name' };
