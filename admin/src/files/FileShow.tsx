import { DateField, DeleteButton, FunctionField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { formatBytes } from '../upload/restrictions.ts';
import { FilePreview } from './FilePreview.tsx';

function Actions() {
  return (
    <TopToolbar>
      <DeleteButton mutationMode="pessimistic" />
    </TopToolbar>
  );
}

export function FileShow() {
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <FilePreview large label="Preview" />
        <TextField source="name" />
        <TextField source="mime" label="Type" />
        <FunctionField label="Size" render={(record) => formatBytes(record.file_size)} />
        <FunctionField label="Visibility" render={(record) => (record.disk === 'public' ? 'Public' : 'Private')} />
        <TextField source="file_name" label="Stored as" />
        <DateField source="created_at" label="Uploaded" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
