import { DateField, DateTimeInput, Edit, Labeled, SelectField, SelectInput, SimpleForm, TextField, Toolbar, SaveButton, required } from 'react-admin';
import { GATEWAYS, STATUSES } from './choices.ts';

// Deleting a subscription would erase billing history, so the toolbar has no delete button.
const SaveOnly = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** Only what an admin may change by hand is sent: the status and the end date. */
const onlyEditable = (data: Record<string, unknown>) => ({ status: data.status, ends_at: data.ends_at ?? null });

export function SubscriptionEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={onlyEditable}>
      <SimpleForm toolbar={<SaveOnly />}>
        <Labeled label="User">
          <TextField source="user_email" emptyText="Deleted user" />
        </Labeled>
        <Labeled label="Plan">
          <TextField source="plan_name" emptyText="Deleted plan" />
        </Labeled>
        <Labeled label="Paid with">
          <SelectField source="gateway" choices={GATEWAYS} />
        </Labeled>
        <Labeled label="Renews">
          <DateField source="renews_at" showTime emptyText="—" />
        </Labeled>
        <Labeled label="Cancelled">
          <DateField source="cancelled_at" showTime emptyText="—" />
        </Labeled>
        <SelectInput source="status" choices={STATUSES} validate={required()} helperText="Cancel or expire a subscription by hand." />
        <DateTimeInput source="ends_at" label="Ends" helperText="Leave empty for no end date." />
      </SimpleForm>
    </Edit>
  );
}
