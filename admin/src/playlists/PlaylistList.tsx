import { BooleanField, BooleanInput, BulkDeleteButton, DataTable, DateField, List, NumberField, ReferenceField, ReferenceInput, AutocompleteInput, SearchInput } from 'react-admin';
import { Thumbnail } from '../common/Thumbnail.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="owner" source="owner_id" reference="users">
    <AutocompleteInput label="Owner" />
  </ReferenceInput>,
  <BooleanInput key="public" source="public" />,
  <BooleanInput key="collaborative" source="collaborative" />,
];

export function PlaylistList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton />}>
        <DataTable.Col label="Cover" disableSort>
          <Thumbnail />
        </DataTable.Col>
        <DataTable.Col source="name" />
        <DataTable.Col source="owner_id" label="Owner">
          <ReferenceField source="owner_id" reference="users" link="edit" />
        </DataTable.Col>
        <DataTable.Col source="public">
          <BooleanField source="public" looseValue />
        </DataTable.Col>
        <DataTable.Col source="collaborative">
          <BooleanField source="collaborative" looseValue />
        </DataTable.Col>
        <DataTable.NumberCol source="tracks_count" label="Tracks" />
        <DataTable.NumberCol source="plays">
          <NumberField source="plays" />
        </DataTable.NumberCol>
        <DataTable.Col source="created_at" label="Created">
          <DateField source="created_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
