import { AutocompleteArrayInput, email, maxLength, minLength, PasswordInput, ReferenceArrayInput, required, SimpleForm, TextInput, useGetIdentity, useRecordContext } from 'react-admin';
import { msg } from '../i18n/messages.ts';

/** Whether the record being edited is the signed-in admin's own: the API refuses changes to one's own roles and permissions. */
export function useIsOwnRecord(): boolean {
  const record = useRecordContext();
  const { identity } = useGetIdentity();
  return record !== undefined && identity !== undefined && record.id === identity.id;
}

/** Name, email, password and roles: the create form, and the details tab of the edit page. */
export function UserDetailsInputs({ creating = false }: { creating?: boolean }) {
  const own = useIsOwnRecord();
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
        <AutocompleteArrayInput label="Roles" optionText="name" readOnly={own} helperText={own ? msg("You can't change your own roles.") : undefined} />
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
