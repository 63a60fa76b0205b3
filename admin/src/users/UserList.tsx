import { BulkDeleteButton, ChipField, DataTable, DateField, EmailField, List, ReferenceArrayField, ReferenceInput, SearchInput, SelectInput, SingleFieldList } from 'react-admin';
import { Thumbnail } from '../common/Thumbnail.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="role" source="role_ids" reference="roles" label="Role">
    <SelectInput label="Role" optionText="name" />
  </ReferenceInput>,
];

export function UserList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
        <DataTable.Col label="Avatar" disableSort>
          <Thumbnail round />
        </DataTable.Col>
        <DataTable.Col source="name" />
        <DataTable.Col source="email">
          <EmailField source="email" />
        </DataTable.Col>
        <DataTable.Col label="Roles" source="role_ids" disableSort>
          <ReferenceArrayField source="role_ids" reference="roles">
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </DataTable.Col>
        <DataTable.Col source="banned_at" label="Suspended">
          <DateField source="banned_at" />
        </DataTable.Col>
        <DataTable.Col source="created_at" label="Joined">
          <DateField source="created_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
