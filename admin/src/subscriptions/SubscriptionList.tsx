import { ChipField, DataTable, DateField, List, ReferenceInput, SelectField, SelectInput, TextField } from 'react-admin';
import { GATEWAYS, STATUSES } from './choices.ts';

const filters = [
  <SelectInput key="status" source="status" choices={STATUSES} alwaysOn />,
  <ReferenceInput key="plan" source="product_id" reference="plans" alwaysOn>
    <SelectInput label="Plan" optionText="name" />
  </ReferenceInput>,
  <SelectInput key="gateway" source="gateway" label="Paid with" choices={GATEWAYS} />,
];

export function SubscriptionList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="user_email" label="User" disableSort>
          <TextField source="user_email" emptyText="Deleted user" />
        </DataTable.Col>
        <DataTable.Col source="plan_name" label="Plan" disableSort>
          <TextField source="plan_name" emptyText="Deleted plan" />
        </DataTable.Col>
        <DataTable.Col source="status">
          <SelectField source="status" choices={STATUSES}>
            <ChipField source="name" size="small" />
          </SelectField>
        </DataTable.Col>
        <DataTable.Col source="gateway" label="Paid with">
          <SelectField source="gateway" choices={GATEWAYS} />
        </DataTable.Col>
        <DataTable.Col source="renews_at" label="Renews">
          <DateField source="renews_at" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="ends_at" label="Ends">
          <DateField source="ends_at" emptyText="—" />
        </DataTable.Col>
        <DataTable.Col source="created_at" label="Started">
          <DateField source="created_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
