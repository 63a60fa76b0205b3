import { BooleanField, DataTable, List } from 'react-admin';

export function RoleList() {
  return (
    <List sort={{ field: 'name', order: 'ASC' }} exporter={false}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="description" disableSort />
        <DataTable.Col source="default" label="New users" disableSort>
          <BooleanField source="default" looseValue />
        </DataTable.Col>
        <DataTable.Col source="guests" label="Visitors" disableSort>
          <BooleanField source="guests" looseValue />
        </DataTable.Col>
        <DataTable.NumberCol source="users_count" label="Users" disableSort />
      </DataTable>
    </List>
  );
}
