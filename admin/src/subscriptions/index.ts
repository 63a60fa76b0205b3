import CardMembershipIcon from '@mui/icons-material/CardMembership';
import { SubscriptionEdit } from './SubscriptionEdit.tsx';
import { SubscriptionList } from './SubscriptionList.tsx';

// Subscriptions are made by checkout; the back office lists them and ends them by hand.
export default {
  list: SubscriptionList,
  edit: SubscriptionEdit,
  icon: CardMembershipIcon,
  recordRepresentation: 'user_email',
};
