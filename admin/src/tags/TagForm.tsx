import { maxLength, required, SimpleForm, TextInput } from 'react-admin';
import { msg } from '../i18n/messages.ts';

const noSlash = (value: string | undefined) => (value && /[/\\?#%]/.test(value) ? msg('Names cannot contain / \\ ? # or %.') : undefined);

export function TagForm() {
  return (
    <SimpleForm>
      <TextInput source="name" helperText="Lower case; the tag's page is /tag/{name}" validate={[required(), maxLength(100), noSlash]} parse={(value: string) => value.toLowerCase()} fullWidth />
      <TextInput source="display_name" label="Display name" validate={maxLength(100)} fullWidth />
    </SimpleForm>
  );
}
