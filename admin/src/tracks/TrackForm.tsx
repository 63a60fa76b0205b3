import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { DurationInput } from '../common/duration.tsx';
import { httpAddress, requiredName } from '../common/validation.ts';

export function TrackForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={requiredName} fullWidth />
      <ReferenceArrayInput source="artist_ids" reference="artists">
        <AutocompleteArrayInput label="Artists" optionText="name" />
      </ReferenceArrayInput>
      <ReferenceInput source="album_id" reference="albums">
        <AutocompleteInput label="Album" optionText="name" />
      </ReferenceInput>
      <ReferenceArrayInput source="genre_ids" reference="genres">
        <AutocompleteArrayInput label="Genres" optionText="display_name" />
      </ReferenceArrayInput>
      <NumberInput source="number" label="Track number" min={0} />
      <DurationInput source="duration" />
      <TextInput source="src" label="Audio address" helperText="An http(s) address of the audio, used when no file is uploaded" validate={httpAddress} fullWidth />
      <TextInput source="description" multiline minRows={3} fullWidth />
      <BooleanInput source="published" format={(value) => Boolean(value)} helperText="A draft is seen only by its artists and admins" />
    </SimpleForm>
  );
}
