import { BooleanField, BooleanInput, BulkDeleteButton, DataTable, DateField, List, SearchInput } from 'react-admin';
import { Thumbnail } from '../common/Thumbnail.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <BooleanInput key="verified" source="verified" />];

export function ArtistList() {
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton />}>
        <DataTable.Col label="Image" disableSort>
          <Thumbnail round />
        </DataTable.Col>
        <DataTable.Col source="name" />
        <DataTable.Col source="verified">
          <BooleanField source="verified" looseValue />
        </DataTable.Col>
        <DataTable.NumberCol source="albums_count" label="Albums" />
        <DataTable.Col source="created_at" label="Added">
          <DateField source="created_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
