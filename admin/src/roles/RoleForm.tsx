import { Alert } from '@mui/material';
import { BooleanInput, DeleteButton, maxLength, required, SaveButton, SimpleForm, TextInput, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { PermissionsInput } from '../permissions/PermissionsInput.tsx';

/** The guest role applies to every visitor: it can be edited but never deleted. */
function RoleToolbar() {
  const record = useRecordContext<{ id?: number; guests?: number }>();
  const { isValid, isSubmitting } = useFormState();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton disabled={!isValid || isSubmitting} />
      {record?.id !== undefined && !record.guests && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

function GuestNotice() {
  const record = useRecordContext<{ guests?: number }>();
  const translate = useTranslate();
  if (!record?.guests) return null;
  return (
    <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
      {translate('This role applies to every visitor who is not logged in. It can be edited but not deleted.')}
    </Alert>
  );
}

export function RoleForm() {
  return (
    <SimpleForm toolbar={<RoleToolbar />} mode="onChange">
      <GuestNotice />
      <TextInput source="name" validate={[required(), maxLength(100)]} />
      <TextInput source="description" validate={maxLength(500)} fullWidth />
      <BooleanInput source="default" label="Give to new users" format={(value) => Boolean(value)} />
      <PermissionsInput helperText="What members of this role may do. A user's own permissions (Users > Permissions) replace these by name." />
    </SimpleForm>
  );
}
