import { AutocompleteInput, BooleanInput, maxLength, ReferenceInput, required, SimpleForm, TextInput } from 'react-admin';
import { ImageUploadInput } from '../common/ImageUploadInput.tsx';

export function PlaylistForm() {
  return (
    <SimpleForm defaultValues={{ public: true, collaborative: false }}>
      <TextInput source="name" validate={[required(), maxLength(100)]} fullWidth />
      <ReferenceInput source="owner_id" reference="users">
        <AutocompleteInput label="Owner" validate={required()} />
      </ReferenceInput>
      <TextInput source="description" multiline minRows={3} validate={maxLength(1000)} fullWidth />
      <ImageUploadInput source="image" label="Cover address" />
      <BooleanInput source="public" helperText="Public playlists show on profiles, in search and in channels" format={(value) => Boolean(value)} />
      <BooleanInput source="collaborative" helperText="Followers may add, remove and reorder tracks" format={(value) => Boolean(value)} />
    </SimpleForm>
  );
}
