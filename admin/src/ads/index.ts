import CampaignIcon from '@mui/icons-material/Campaign';
import { AdsPage } from './AdsPage.tsx';

// A settings screen rather than a list: registered as the resource's list so it has a menu entry at /admin/ads.
export default { list: AdsPage, icon: CampaignIcon };
