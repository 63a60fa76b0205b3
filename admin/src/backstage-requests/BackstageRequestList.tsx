import { ChipField, DataTable, DateField, BulkDeleteButton, List, ReferenceField, SearchInput, SelectField, SelectInput } from 'react-admin';
import { ROLES, STATUSES } from './choices.ts';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUSES} alwaysOn />,
  <SelectInput key="role" source="role" choices={ROLES} />,
];

export function BackstageRequestList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
        <DataTable.Col source="artist_name" label="Artist" />
        <DataTable.Col source="user_id" label="Asked by">
          <ReferenceField source="user_id" reference="users" link={false} />
        </DataTable.Col>
        <DataTable.Col source="role" label="As">
          <SelectField source="role" choices={ROLES} />
        </DataTable.Col>
        <DataTable.Col source="artist_id" label="Claims" disableSort>
          <ReferenceField source="artist_id" reference="artists" link={false} emptyText="A new artist" />
        </DataTable.Col>
        <DataTable.Col source="status">
          <SelectField source="status" choices={STATUSES}>
            <ChipField source="name" size="small" />
          </SelectField>
        </DataTable.Col>
        <DataTable.Col source="created_at" label="Asked">
          <DateField source="created_at" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
