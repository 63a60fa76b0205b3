import { BooleanInput, SimpleForm, TextInput } from 'react-admin';
import { imageAddress, requiredName } from '../common/validation.ts';

export function ArtistForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={requiredName} fullWidth />
      <TextInput source="image" label="Image address" validate={imageAddress} fullWidth />
      <BooleanInput source="verified" format={(value) => Boolean(value)} />
      <TextInput source="description" label="Biography" multiline minRows={4} fullWidth />
    </SimpleForm>
  );
}
