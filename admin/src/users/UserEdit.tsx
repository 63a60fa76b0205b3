import { useQuery } from '@tanstack/react-query';
import { AutocompleteInput, DateField, Edit, Labeled, maxLength, SelectInput, TabbedForm } from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { PermissionsInput } from '../permissions/PermissionsInput.tsx';
import { useAppDataProvider } from '../providers/dataProvider.ts';
import { UserDetailsInputs, useIsOwnRecord } from './UserForm.tsx';
import { UserApiTokens, UserSecurity } from './UserSecurity.tsx';

/** The choices of the Date tab; they change with releases, so one read per visit is enough. */
function useValueLists() {
  const dataProvider = useAppDataProvider();
  return useQuery({ queryKey: ['value-lists'], queryFn: () => dataProvider.getValueLists().then(({ data }) => data), staleTime: Infinity }).data;
}

function UserPermissionsInput() {
  const own = useIsOwnRecord();
  return (
    <PermissionsInput
      readOnly={own}
      helperText={own ? msg("You can't change your own permissions.") : msg('Given to this user directly, on top of their roles. A permission listed here replaces, with its restrictions, what the roles give.')}
    />
  );
}

/** users/{userId}: tabs details, permissions, security, date and api (spec §2.8). */
export function UserEdit() {
  const lists = useValueLists();
  const timezones = lists ? Object.values(lists.timezones).flat().map((tz) => ({ id: tz.value, name: tz.text })) : [];
  return (
    <Edit mutationMode="pessimistic" transform={({ password, ...data }) => (password ? { ...data, password } : data)}>
      <TabbedForm mode="onChange">
        <TabbedForm.Tab label="Details">
          <UserDetailsInputs />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Permissions" path="permissions">
          <UserPermissionsInput />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Security" path="security">
          <UserSecurity />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Date" path="date">
          <SelectInput source="language" choices={(lists?.localizations ?? []).map((l) => ({ id: l.language, name: l.name }))} emptyText="Site default" validate={maxLength(10)} />
          <AutocompleteInput source="country" choices={(lists?.countries ?? []).map((c) => ({ id: c.code, name: c.name }))} validate={maxLength(2)} />
          <AutocompleteInput source="timezone" label="Time zone" choices={timezones} validate={maxLength(64)} />
          <Labeled label="Joined">
            <DateField source="created_at" showTime />
          </Labeled>
          <Labeled label="Last updated">
            <DateField source="updated_at" showTime />
          </Labeled>
          <Labeled label="Email confirmed">
            <DateField source="email_verified_at" showTime emptyText="Not confirmed" />
          </Labeled>
        </TabbedForm.Tab>
        <TabbedForm.Tab label="API" path="api">
          <UserApiTokens />
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
}
