import { BooleanField, BulkDeleteButton, DataTable, DateField, FunctionField, List, NullableBooleanInput, SearchInput, useTranslate } from 'react-admin';
import { formatPrice } from './choices.ts';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="hidden" source="hidden" label="Hidden" />,
  <NullableBooleanInput key="free" source="free" label="Free" />,
];

export function PlanList() {
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'position', order: 'ASC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
        <DataTable.Col source="name" />
        <DataTable.Col source="prices" label="Prices" disableSort>
          <FunctionField
            source="prices"
            render={(record) => (record.prices?.length ? record.prices.map(formatPrice).join(', ') : record.free ? translate('Free') : '—')}
          />
        </DataTable.Col>
        <DataTable.Col source="recommended">
          <BooleanField source="recommended" looseValue />
        </DataTable.Col>
        <DataTable.Col source="free">
          <BooleanField source="free" looseValue />
        </DataTable.Col>
        <DataTable.Col source="hidden">
          <BooleanField source="hidden" looseValue />
        </DataTable.Col>
        <DataTable.NumberCol source="position" />
        <DataTable.NumberCol source="subscriptions_count" label="Subscriptions" />
        <DataTable.Col source="updated_at" label="Updated">
          <DateField source="updated_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
