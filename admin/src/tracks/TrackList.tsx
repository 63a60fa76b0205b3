import {
  AutocompleteInput,
  BulkDeleteButton,
  DataTable,
  DateField,
  List,
  NumberField,
  ReferenceArrayField,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SingleFieldList,
  ChipField,
} from 'react-admin';
import { DurationField } from '../common/duration.tsx';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="album" source="album_id" reference="albums">
    <AutocompleteInput label="Album" optionText="name" />
  </ReferenceInput>,
  <ReferenceInput key="artist" source="artist_ids" reference="artists" label="Artist">
    <AutocompleteInput label="Artist" optionText="name" />
  </ReferenceInput>,
  <ReferenceInput key="genre" source="genre_ids" reference="genres" label="Genre">
    <AutocompleteInput label="Genre" optionText="display_name" />
  </ReferenceInput>,
];

export function TrackList() {
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }}>
      <DataTable bulkActionButtons={<BulkDeleteButton />}>
        <DataTable.Col source="name" />
        <DataTable.Col label="Artists" source="artist_ids" disableSort>
          <ReferenceArrayField source="artist_ids" reference="artists">
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </DataTable.Col>
        <DataTable.Col source="album_id" label="Album">
          <ReferenceField source="album_id" reference="albums" link="edit" />
        </DataTable.Col>
        <DataTable.Col source="duration">
          <DurationField source="duration" />
        </DataTable.Col>
        <DataTable.NumberCol source="plays">
          <NumberField source="plays" />
        </DataTable.NumberCol>
        <DataTable.Col source="created_at" label="Added">
          <DateField source="created_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
