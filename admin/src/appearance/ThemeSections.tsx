import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, Chip, FormControl, IconButton, InputLabel, List, ListItem, ListItemText, MenuItem, Select, Stack, TextField } from '@mui/material';
import { BooleanInput, maxLength, required, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Link, Navigate, useParams } from 'react-router-dom';
import { msg } from '../i18n/messages.ts';
import type { AppearanceData } from './appearance-api.ts';
import { hexToRgb, rgbToHex, type FormTheme } from './form-values.ts';

/** The colours of a theme, in the words an admin knows. Values the list does not name are still edited, by their name. */
const COLOUR_LABELS: Record<string, string> = {
  '--be-background': msg('Background'),
  '--be-background-alt': msg('Alternative background'),
  '--be-background-chip': msg('Chip background'),
  '--be-paper': msg('Cards and menus'),
  '--be-foreground-base': msg('Text'),
  '--be-primary': msg('Accent'),
  '--be-primary-light': msg('Light accent'),
  '--be-primary-dark': msg('Dark accent'),
  '--be-on-primary': msg('Text on accent'),
  '--be-danger': msg('Danger'),
  '--be-positive': msg('Success'),
  '--be-navbar': msg('Navigation bar'),
};
const FONT = '--be-font-family';
const RADIUS = '--be-radius';
const RADII = ['0px', '4px', '6px', '10px', '16px', '24px'];

export function ThemeList() {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray<{ themes: FormTheme[] }, 'themes', 'key'>({ name: 'themes', keyName: 'key' });
  const themes = (useWatch({ name: 'themes' }) as FormTheme[] | undefined) ?? [];
  const { errors } = useFormState();
  const listError = (errors.themes as { message?: string; root?: { message?: string } } | undefined);
  const message = listError?.message ?? listError?.root?.message;
  const addTheme = () => {
    const base = themes[0];
    append({ name: translate('New theme'), is_dark: base?.is_dark ?? false, default_light: false, default_dark: false, values: { ...(base?.values ?? {}) } });
  };
  return (
    <Stack spacing={1}>
      {message && <Alert severity="error">{translate(message)}</Alert>}
      <List dense aria-label={translate('Themes')}>
        {fields.map((field, index) => {
          const theme = themes[index] ?? field;
          const isDefault = theme.default_light || theme.default_dark;
          return (
            <ListItem
              key={field.key}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={translate('Delete theme %{name}', { name: theme.name })}
                  title={isDefault ? translate('A default theme cannot be deleted.') : undefined}
                  disabled={isDefault || fields.length <= 1}
                  onClick={() => remove(index)}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <Box sx={{ width: 28, height: 28, borderRadius: '50%', mr: 2, flex: '0 0 auto', border: 1, borderColor: 'divider', bgcolor: `rgb(${theme.values['--be-primary'] ?? '128 128 128'})` }} aria-hidden />
              <ListItemText
                primary={<Link to={`/appearance/themes/${index}`}>{theme.name}</Link>}
                secondary={
                  <Stack direction="row" spacing={0.5} component="span" sx={{ flexWrap: 'wrap' }}>
                    <Chip size="small" component="span" label={theme.is_dark ? translate('Dark') : translate('Light')} />
                    {theme.default_light && <Chip size="small" component="span" color="primary" label={translate('Default light theme')} />}
                    {theme.default_dark && <Chip size="small" component="span" color="primary" label={translate('Default dark theme')} />}
                  </Stack>
                }
              />
            </ListItem>
          );
        })}
      </List>
      <Box>
        <Button startIcon={<AddIcon />} onClick={addTheme}>
          {translate('New theme')}
        </Button>
      </Box>
    </Stack>
  );
}

/** A colour kept as "r g b", edited with the browser's colour picker. */
function ColourInput({ themeIndex, name }: { themeIndex: number; name: string }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const path = `themes.${themeIndex}.values.${name}`;
  const value = useWatch({ name: path }) as string;
  const label = translate(COLOUR_LABELS[name] ?? name);
  return (
    <TextField
      type="color"
      label={label}
      value={rgbToHex(value ?? '') ?? '#000000'}
      onChange={(event) => setValue(path, hexToRgb(event.target.value), { shouldDirty: true })}
      size="small"
      sx={{ width: 160 }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

export function ThemeEdit({ data }: { data: AppearanceData }) {
  const translate = useTranslate();
  const { themeIndex } = useParams();
  const index = Number(themeIndex);
  const { setValue, getValues } = useFormContext();
  const theme = useWatch({ name: `themes.${index}` }) as FormTheme | undefined;
  if (!theme || !Number.isInteger(index)) return <Navigate to="/appearance/themes" replace />;
  const names = Object.keys(theme.values);
  const colours = names.filter((name) => rgbToHex(theme.values[name]) !== null);
  const font = theme.values[FONT] ?? data.fonts[0]?.value ?? '';
  const radius = theme.values[RADIUS] ?? '10px';
  const setThemeValue = (name: string, value: string) => setValue(`themes.${index}.values.${name}`, value, { shouldDirty: true });

  // One default light and one default dark theme: choosing this one takes the flag from the others.
  const makeDefault = (flag: 'default_light' | 'default_dark', on: boolean) => {
    if (!on) return;
    (getValues('themes') as FormTheme[]).forEach((_, other) => {
      if (other !== index) setValue(`themes.${other}.${flag}`, false, { shouldDirty: true });
    });
  };

  return (
    <Stack spacing={1}>
      <TextInput source={`themes.${index}.name`} label="Name" validate={[required(), maxLength(60)]} fullWidth />
      <BooleanInput source={`themes.${index}.is_dark`} label="Dark theme" helperText={false} />
      <BooleanInput
        source={`themes.${index}.default_light`}
        label="Default light theme"
        helperText="For visitors whose system is light. Must be a light theme."
        onChange={(event) => makeDefault('default_light', Boolean((event as { target?: { checked?: boolean } })?.target?.checked))}
      />
      <BooleanInput
        source={`themes.${index}.default_dark`}
        label="Default dark theme"
        helperText="For visitors whose system is dark. Must be a dark theme."
        onChange={(event) => makeDefault('default_dark', Boolean((event as { target?: { checked?: boolean } })?.target?.checked))}
      />
      <FormControl size="small" fullWidth>
        <InputLabel id="theme-font-label">{translate('Font')}</InputLabel>
        <Select labelId="theme-font-label" label={translate('Font')} value={data.fonts.some((f) => f.value === font) ? font : ''} onChange={(event) => setThemeValue(FONT, String(event.target.value))}>
          {data.fonts.map((option) => (
            <MenuItem key={option.value} value={option.value} sx={{ fontFamily: option.value }}>
              {translate(option.label)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ maxWidth: 200 }}>
        <InputLabel id="theme-radius-label">{translate('Corner radius')}</InputLabel>
        <Select labelId="theme-radius-label" label={translate('Corner radius')} value={RADII.includes(radius) ? radius : ''} onChange={(event) => setThemeValue(RADIUS, String(event.target.value))}>
          {RADII.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 2, pt: 1 }}>
        <legend style={{ marginBottom: 8 }}>{translate('Colours')}</legend>
        {colours.map((name) => (
          <ColourInput key={name} themeIndex={index} name={name} />
        ))}
      </Box>
    </Stack>
  );
}
