import { Create } from 'react-admin';
import { ChannelForm } from './ChannelForm.tsx';

export function ChannelCreate() {
  return (
    <Create redirect="edit">
      <ChannelForm />
    </Create>
  );
}
