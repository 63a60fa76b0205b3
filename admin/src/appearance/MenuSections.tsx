import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { TextField } from '@mui/material';
import { useState } from 'react';
import { ArrayInput, AutocompleteArrayInput, CheckboxGroupInput, maxLength, required, SelectArrayInput, SelectInput, SimpleFormIterator, TextInput, useInput, useTranslate } from 'react-admin';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Link, Navigate, useParams } from 'react-router-dom';
import { msg } from '../i18n/messages.ts';
import type { AppearanceData } from './appearance-api.ts';
import { settingsToText, textToSettings, valuePath } from './form-values.ts';

const MENUS = valuePath('menus');

interface MenuValue {
  id?: string;
  name: string;
  positions: string[];
  items: { label?: string }[];
}

export function MenuList() {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: MENUS, keyName: 'key' });
  const menus = (useWatch({ name: MENUS }) as MenuValue[] | undefined) ?? [];
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {translate('An item shows only to users who have all its roles and permissions, when all its settings have the values given, and when its subscription condition holds.')}
      </Typography>
      <List dense aria-label={translate('Menus')}>
        {fields.map((field, index) => {
          const menu = menus[index];
          return (
            <ListItem
              key={field.key}
              divider
              secondaryAction={
                <IconButton edge="end" aria-label={translate('Delete menu %{name}', { name: menu?.name ?? '' })} onClick={() => remove(index)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText primary={<Link to={`/appearance/menus/${index}`}>{menu?.name || translate('Untitled menu')}</Link>} secondary={(menu?.positions ?? []).join(', ') || translate('Not placed')} />
            </ListItem>
          );
        })}
      </List>
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => append({ name: translate('New menu'), positions: [], items: [] })}>
          {translate('New menu')}
        </Button>
      </Box>
    </Stack>
  );
}

export function MenuEdit({ data }: { data: AppearanceData }) {
  const translate = useTranslate();
  const { menuIndex } = useParams();
  const index = Number(menuIndex);
  const menu = useWatch({ name: `${MENUS}.${index}` }) as MenuValue | undefined;
  if (!menu || !Number.isInteger(index)) return <Navigate to="/appearance/menus" replace />;
  const base = `${MENUS}.${index}`;
  return (
    <Stack spacing={1}>
      <TextInput source={`${base}.name`} label="Name" validate={[required(), maxLength(100)]} fullWidth />
      <CheckboxGroupInput source={`${base}.positions`} label="Positions" choices={data.menuPositions.map((id) => ({ id, name: id }))} translateChoice={false} row={false} />
      <ArrayInput source={`${base}.items`} label="Items">
        <SimpleFormIterator fullWidth getItemLabel={(itemIndex) => `${translate('Item')} ${itemIndex + 1}`}>
          <TextInput source="label" label="Label" validate={[required(), maxLength(100)]} fullWidth helperText={false} />
          <TextInput source="action" label="Link" helperText="A path on this site or an address; {currentUser} becomes the id of the logged-in user, e.g. /user/{currentUser}." validate={maxLength(500)} fullWidth />
          <TextInput source="icon" label="Icon" helperText="home, library, music, favorite, playlist, album, person, history, settings…" validate={maxLength(40)} />
          <SelectInput source="target" label="Open in" choices={[{ id: '_self', name: msg('The same tab') }, { id: '_blank', name: msg('A new tab') }]} emptyText="The same tab" helperText={false} />
          <SelectArrayInput source="roles" label="Roles" choices={data.roles} translateChoice={false} helperText={false} />
          <AutocompleteArrayInput source="permissions" label="Permissions" choices={data.permissions.map((p) => ({ id: p.name, name: p.display_name ? `${p.display_name} (${p.name})` : p.name }))} translateChoice={false} helperText={false} />
          <SettingsPairsInput source="settings" />
          <SelectInput
            source="subscriptionStatus"
            label="Subscription"
            choices={[
              { id: 'subscribed', name: msg('Only subscribers') },
              { id: 'notSubscribed', name: msg('Only users without a subscription') },
            ]}
            emptyText="Everybody"
            helperText={false}
          />
        </SimpleFormIterator>
      </ArrayInput>
    </Stack>
  );
}

/**
 * The settings an item requires, as name=value lines. The text is kept as typed (a line being
 * written, an empty last line) while the form holds the parsed object.
 */
function SettingsPairsInput({ source }: { source: string }) {
  const translate = useTranslate();
  const { field, id } = useInput({ source });
  const [text, setText] = useState(() => settingsToText(field.value));
  return (
    <TextField
      id={id}
      label={translate('Settings')}
      helperText={translate('One name=value a line, e.g. billing.enable=true: the item shows only while each setting has that value.')}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(textToSettings(event.target.value) ?? null);
      }}
      onBlur={field.onBlur}
      multiline
      fullWidth
      size="small"
      margin="dense"
    />
  );
}
