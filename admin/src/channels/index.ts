import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { ChannelCreate } from './ChannelCreate.tsx';
import { ChannelEdit } from './ChannelEdit.tsx';
import { ChannelList } from './ChannelList.tsx';

export { ChannelEditBySlug } from './ChannelEdit.tsx';

export default {
  list: ChannelList,
  edit: ChannelEdit,
  create: ChannelCreate,
  icon: ViewCarouselIcon,
  recordRepresentation: 'name',
};
