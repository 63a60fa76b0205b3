import { DateField, Edit, Labeled, maxLength, ReferenceField, required, SimpleForm, TextInput } from 'react-admin';

export function CommentEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm>
        <Labeled label="Track">
          <ReferenceField source="track_id" reference="tracks" link="edit" />
        </Labeled>
        <Labeled label="User">
          <ReferenceField source="user_id" reference="users" link="edit" />
        </Labeled>
        <Labeled label="Written">
          <DateField source="created_at" showTime />
        </Labeled>
        <TextInput source="content" multiline minRows={3} validate={[required(), maxLength(1000)]} fullWidth />
      </SimpleForm>
    </Edit>
  );
}
