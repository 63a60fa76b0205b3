import { BulkDeleteButton, DataTable, DateField, FunctionField, List, SearchInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { formatBytes } from '@app/shared/format/bytes';
import { FilePreview } from './FilePreview.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="disk"
    source="disk"
    choices={[
      { id: 'uploads', name: msg('Private') },
      { id: 'public', name: msg('Public') },
    ]}
  />,
  <TextInput key="mime" source="mime" label="Type" helperText="For example audio or image/png" />,
];

export function FileList() {
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable rowClick="show" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
        <DataTable.Col label="Preview" disableSort>
          <FilePreview />
        </DataTable.Col>
        <DataTable.Col source="name" />
        <DataTable.Col source="mime" label="Type" />
        {/* Not a NumberCol: that one always prints the raw count of bytes, whatever its children say. */}
        <DataTable.Col source="file_size" label="Size" align="right" render={(record) => formatBytes(record.file_size)} />
        <DataTable.Col source="disk" label="Visibility">
          <FunctionField source="disk" render={(record) => translate(record.disk === 'public' ? msg('Public') : msg('Private'))} />
        </DataTable.Col>
        <DataTable.Col source="created_at" label="Uploaded">
          <DateField source="created_at" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
