import { maxLength, regex, required, SimpleForm, TextInput } from 'react-admin';
import { ImageUploadInput } from '../common/ImageUploadInput.tsx';
import { msg } from '../i18n/messages.ts';

export function GenreForm() {
  return (
    <SimpleForm>
      <TextInput source="display_name" label="Name" validate={maxLength(100)} fullWidth />
      <TextInput
        source="name"
        label="Key"
        helperText="Lower-case letters, digits and hyphens, used in addresses (for example hip-hop)"
        validate={[required(), maxLength(100), regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, msg('Use lower-case letters, digits and hyphens.'))]}
        fullWidth
      />
      <ImageUploadInput source="image" label="Image address" />
    </SimpleForm>
  );
}
