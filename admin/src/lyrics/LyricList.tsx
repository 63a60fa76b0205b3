import { AutocompleteInput, BooleanField, BooleanInput, BulkDeleteButton, DataTable, DateField, FunctionField, List, ReferenceField, ReferenceInput, SearchInput } from 'react-admin';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="track" source="track_id" reference="tracks">
    <AutocompleteInput label="Track" />
  </ReferenceInput>,
  <BooleanInput key="synced" source="is_synced" label="Synced" />,
];

export function LyricList() {
  return (
    <List filters={filters} sort={{ field: 'updated_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton />}>
        <DataTable.Col source="track_id" label="Track">
          <ReferenceField source="track_id" reference="tracks" link={false} />
        </DataTable.Col>
        <DataTable.Col source="text" label="First line" disableSort>
          <FunctionField render={(record: { text: string }) => record.text.split(/\r?\n/).find((line) => line.trim())?.slice(0, 80) ?? ''} />
        </DataTable.Col>
        <DataTable.Col source="is_synced" label="Synced">
          <BooleanField source="is_synced" looseValue />
        </DataTable.Col>
        <DataTable.Col source="updated_at" label="Updated">
          <DateField source="updated_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
