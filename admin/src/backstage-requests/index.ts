import HowToRegIcon from '@mui/icons-material/HowToReg';
import { BackstageRequestList } from './BackstageRequestList.tsx';
import { BackstageRequestReview } from './BackstageRequestReview.tsx';

// The review screen sits at backstage-requests/{requestId}, the spec's address (react-admin's edit route).
export default {
  list: BackstageRequestList,
  edit: BackstageRequestReview,
  icon: HowToRegIcon,
  recordRepresentation: 'artist_name',
};
