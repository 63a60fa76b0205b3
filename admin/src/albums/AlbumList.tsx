import { BulkDeleteButton, ChipField, DataTable, DateField, List, ReferenceArrayField, SearchInput, SelectInput, SingleFieldList } from 'react-admin';
import { Thumbnail } from '../common/Thumbnail.tsx';
import { ALBUM_TYPES } from './AlbumForm.tsx';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="type" source="type" choices={ALBUM_TYPES} />];

export function AlbumList() {
  return (
    <List filters={filters} sort={{ field: 'release_date', order: 'DESC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton />}>
        <DataTable.Col label="Cover" disableSort>
          <Thumbnail />
        </DataTable.Col>
        <DataTable.Col source="name" />
        <DataTable.Col label="Artists" source="artist_ids" disableSort>
          <ReferenceArrayField source="artist_ids" reference="artists">
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </DataTable.Col>
        <DataTable.Col source="type" />
        <DataTable.Col source="release_date">
          <DateField source="release_date" />
        </DataTable.Col>
        <DataTable.NumberCol source="tracks_count" label="Tracks" />
      </DataTable>
    </List>
  );
}
