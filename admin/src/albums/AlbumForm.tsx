import { AutocompleteArrayInput, DateInput, ReferenceArrayInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { ImageUploadInput } from '../common/ImageUploadInput.tsx';
import { requiredName } from '../common/validation.ts';
import { msg } from '../i18n/messages.ts';

export const ALBUM_TYPES = [
  { id: 'album', name: msg('Album') },
  { id: 'single', name: msg('Single') },
  { id: 'ep', name: msg('EP') },
  { id: 'compilation', name: msg('Compilation') },
];

export function AlbumForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={requiredName} fullWidth />
      <ReferenceArrayInput source="artist_ids" reference="artists">
        <AutocompleteArrayInput label="Artists" optionText="name" />
      </ReferenceArrayInput>
      <SelectInput source="type" choices={ALBUM_TYPES} defaultValue="album" />
      <DateInput source="release_date" />
      <ImageUploadInput source="image" label="Cover image address" />
      <TextInput source="description" multiline minRows={3} fullWidth />
    </SimpleForm>
  );
}
