import { BooleanInput, Edit, maxLength, required, SimpleForm, TextInput } from 'react-admin';

export function RoleEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm>
        <TextInput source="name" validate={[required(), maxLength(100)]} />
        <TextInput source="description" validate={maxLength(500)} fullWidth />
        <BooleanInput source="default" label="Give to new users" format={(value) => Boolean(value)} />
      </SimpleForm>
    </Edit>
  );
}
