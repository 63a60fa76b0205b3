import { BulkDeleteButton, DataTable, DateField, FunctionField, List, SearchInput, SelectField, SelectInput } from 'react-admin';
import { CONTENT_MODELS, CONTENT_SOURCES, LAYOUTS } from './choices.ts';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="model" source="content_model" label="Lists" choices={CONTENT_MODELS} />,
  <SelectInput key="source" source="content_source" label="Content" choices={CONTENT_SOURCES} />,
  <SelectInput key="layout" source="layout" choices={LAYOUTS} />,
];

export function ChannelList() {
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton />}>
        <DataTable.Col source="name" />
        <DataTable.Col source="slug" label="Address">
          <FunctionField
            source="slug"
            render={(record) => (
              <a href={`/channel/${encodeURIComponent(record.slug)}`} target="_blank" rel="noopener" onClick={(event) => event.stopPropagation()}>
                /channel/{record.slug}
              </a>
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="content_model" label="Lists">
          <SelectField source="content_model" choices={CONTENT_MODELS} />
        </DataTable.Col>
        <DataTable.Col source="content_source" label="Content">
          <SelectField source="content_source" choices={CONTENT_SOURCES} />
        </DataTable.Col>
        <DataTable.Col source="layout">
          <SelectField source="layout" choices={LAYOUTS} />
        </DataTable.Col>
        <DataTable.NumberCol source="items_count" label="Items" />
        <DataTable.Col source="updated_at" label="Updated">
          <DateField source="updated_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
