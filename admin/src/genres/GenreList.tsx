import { BulkDeleteButton, DataTable, List, SearchInput } from 'react-admin';

export function GenreList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'name', order: 'ASC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton />}>
        <DataTable.Col source="display_name" label="Name" />
        <DataTable.Col source="name" label="Key" />
        <DataTable.NumberCol source="tracks_count" label="Tracks" />
      </DataTable>
    </List>
  );
}
