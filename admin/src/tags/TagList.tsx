import { BulkDeleteButton, DataTable, DateField, List, SearchInput } from 'react-admin';

export function TagList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'name', order: 'ASC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton />}>
        <DataTable.Col source="name" />
        <DataTable.Col source="display_name" label="Display name" />
        <DataTable.NumberCol source="tracks_count" label="Tracks" />
        <DataTable.NumberCol source="albums_count" label="Albums" />
        <DataTable.Col source="created_at" label="Created">
          <DateField source="created_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
