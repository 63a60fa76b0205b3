import { DateField, DeleteButton, FunctionField, Show, SimpleShowLayout, TextField, TopToolbar, useTranslate } from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { formatBytes } from '@app/shared/format/bytes';
import { FilePreview } from './FilePreview.tsx';

function Actions() {
  return (
    <TopToolbar>
      <DeleteButton mutationMode="pessimistic" />
    </TopToolbar>
  );
}

export function FileShow() {
  const translate = useTranslate();
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <FilePreview large label="Preview" />
        <TextField source="name" />
        <TextField source="mime" label="Type" />
        <FunctionField label="Size" render={(record) => formatBytes(record.file_size)} />
        <FunctionField label="Visibility" render={(record) => translate(record.disk === 'public' ? msg('Public') : msg('Private'))} />
        <TextField source="file_name" label="Stored as" />
        <DateField source="created_at" label="Uploaded" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
