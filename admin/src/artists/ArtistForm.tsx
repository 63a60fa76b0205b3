import { BooleanInput, SimpleForm, TextInput } from 'react-admin';
import { ImageUploadInput } from '../common/ImageUploadInput.tsx';
import { requiredName } from '../common/validation.ts';

export function ArtistForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={requiredName} fullWidth />
      <ImageUploadInput source="image" label="Image address" round />
      <BooleanInput source="verified" format={(value) => Boolean(value)} />
      <TextInput source="description" label="Biography" multiline minRows={4} fullWidth />
    </SimpleForm>
  );
}
