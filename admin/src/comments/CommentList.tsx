import { AutocompleteInput, BulkDeleteButton, DataTable, DateField, DeleteButton, FunctionField, List, ReferenceField, ReferenceInput, SearchInput } from 'react-admin';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="track" source="track_id" reference="tracks">
    <AutocompleteInput label="Track" />
  </ReferenceInput>,
  <ReferenceInput key="user" source="user_id" reference="users">
    <AutocompleteInput label="User" />
  </ReferenceInput>,
];

/** Moderation: newest first, each with its track and author; delete one or many. */
export function CommentList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
        <DataTable.Col source="content" disableSort>
          <FunctionField render={(record: { content: string; parent_id: number | null }) => (record.parent_id ? `↳ ${record.content}` : record.content)} />
        </DataTable.Col>
        <DataTable.Col source="track_id" label="Track">
          <ReferenceField source="track_id" reference="tracks" link="edit" />
        </DataTable.Col>
        <DataTable.Col source="user_id" label="User">
          <ReferenceField source="user_id" reference="users" link="edit" />
        </DataTable.Col>
        <DataTable.NumberCol source="replies_count" label="Replies" />
        <DataTable.Col source="created_at" label="Written">
          <DateField source="created_at" showTime />
        </DataTable.Col>
        <DataTable.Col label="Actions" disableSort>
          <DeleteButton mutationMode="pessimistic" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
