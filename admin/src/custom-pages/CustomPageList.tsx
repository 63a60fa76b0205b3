import { BulkDeleteButton, DataTable, DateField, FunctionField, List, SearchInput } from 'react-admin';

export function CustomPageList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'updated_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton />}>
        <DataTable.Col source="title" />
        <DataTable.Col source="slug" label="Address">
          <FunctionField
            source="slug"
            render={(record: { slug: string }) => (
              <a href={`/pages/${encodeURIComponent(record.slug)}`} target="_blank" rel="noopener" onClick={(event) => event.stopPropagation()}>
                /pages/{record.slug}
              </a>
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="updated_at" label="Updated">
          <DateField source="updated_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
