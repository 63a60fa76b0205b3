import { AutocompleteArrayInput, email, maxLength, minLength, PasswordInput, ReferenceArrayInput, required, SimpleForm, TextInput } from 'react-admin';
import { msg } from '../i18n/messages.ts';

/** Name, email, password and roles: the create form, and the details tab of the edit page. */
export function UserDetailsInputs({ creating = false }: { creating?: boolean }) {
  return (
    <>
      <TextInput source="email" type="email" validate={[required(), email(), maxLength(255)]} fullWidth />
      <TextInput source="name" validate={maxLength(255)} fullWidth />
      <TextInput source="first_name" validate={maxLength(255)} />
      <TextInput source="last_name" validate={maxLength(255)} />
      <PasswordInput
        source="password"
        helperText={creating ? msg('At least 8 characters') : msg('Leave empty to keep the current password')}
        validate={[minLength(8), maxLength(255)]}
        autoComplete="new-password"
      />
      <ReferenceArrayInput source="role_ids" reference="roles">
        <AutocompleteArrayInput label="Roles" optionText="name" />
      </ReferenceArrayInput>
    </>
  );
}

export function UserForm({ creating = false }: { creating?: boolean }) {
  return (
    <SimpleForm>
      <UserDetailsInputs creating={creating} />
    </SimpleForm>
  );
}
