import { Alert, Box, Button, Card, CardContent, LinearProgress, List, ListItemButton, ListItemText, Stack, Tab, Tabs, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  ArrayInput,
  BooleanInput,
  Form,
  HttpError,
  maxLength,
  maxValue,
  minLength,
  minValue,
  NumberInput,
  PasswordInput,
  required,
  SaveButton,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  Title,
  useNotify,
  usePermissions,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormState, useWatch } from 'react-hook-form';
import { Link, Navigate, useParams } from 'react-router-dom';
import { formatBytes } from '@app/shared/format/bytes';
import { msg } from '../i18n/messages.ts';
import { useAppDataProvider } from '../providers/dataProvider.ts';
import { fieldKey, settingName, type AdminSetting, type JsonSchema } from './settings-api.ts';

const SETTINGS_QUERY = ['settings'];

function stringRules(schema: JsonSchema | undefined): Validator[] {
  const rules: Validator[] = [];
  if (schema?.minLength) rules.push(required(), minLength(schema.minLength));
  if (schema?.maxLength !== undefined) rules.push(maxLength(schema.maxLength));
  return rules;
}

function numberRules(schema: JsonSchema): Validator[] {
  const rules: Validator[] = [required()];
  if (schema.minimum !== undefined) rules.push(minValue(schema.minimum));
  if (schema.maximum !== undefined) rules.push(maxValue(schema.maximum));
  if (schema.type === 'integer') rules.push((value: unknown) => (value === null || value === undefined || value === '' || Number.isInteger(Number(value)) ? undefined : msg('Enter a whole number.')));
  return rules;
}

const validJson = (value: unknown) => {
  if (typeof value !== 'string') return undefined;
  try {
    JSON.parse(value);
    return undefined;
  } catch {
    return msg('Enter valid JSON.');
  }
};

/** A size in bytes, with what it is in KB, MB or GB below it as it is typed. */
function BytesInput({ setting, ...props }: { setting: AdminSetting; source: string; label: string; validate: Validator[]; min?: number; max?: number }) {
  const translate = useTranslate();
  const value = useWatch({ name: props.source });
  const size = formatBytes(typeof value === 'number' ? value : Number.NaN);
  const helperText = [setting.description && translate(setting.description), size && translate('That is %{size}.', { size })].filter(Boolean).join(' ');
  return <NumberInput {...props} step={1} helperText={helperText || false} />;
}

/** The input for one setting, chosen from its JSON schema; metadata only adds words and hints. */
function SettingInput({ setting }: { setting: AdminSetting }) {
  const translate = useTranslate();
  const source = fieldKey(setting.name);
  const { schema, label, description } = setting;
  const common = { source, label, helperText: description ?? false, fullWidth: true } as const;

  if (setting.private) {
    return (
      <PasswordInput
        {...common}
        autoComplete="new-password"
        helperText={[description && translate(description), translate(setting.set ? msg('A value is stored and never shown. Leave empty to keep it.') : msg('Not set.'))].filter(Boolean).join(' ')}
        validate={maxLength(schema.maxLength ?? 500)}
      />
    );
  }
  if (schema.type === 'boolean') return <BooleanInput source={source} label={label} helperText={description ?? false} />;
  if (setting.input === 'bytes') return <BytesInput setting={setting} source={source} label={label} min={schema.minimum} max={schema.maximum} validate={numberRules(schema)} />;
  if (schema.type === 'integer' || schema.type === 'number') return <NumberInput {...common} fullWidth={false} min={schema.minimum} max={schema.maximum} step={schema.type === 'integer' ? 1 : undefined} validate={numberRules(schema)} />;
  if (schema.type === 'string' && schema.enum) {
    const choices = (schema.enum as string[]).map((id) => ({ id, name: setting.choices?.[id] ?? id }));
    return <SelectInput {...common} fullWidth={false} choices={choices} validate={required()} />;
  }
  if (schema.type === 'string') {
    const multiline = setting.input === 'textarea' || setting.input === 'code';
    return (
      <TextInput
        {...common}
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        validate={stringRules(schema)}
        sx={setting.input === 'code' ? { '& textarea': { fontFamily: 'monospace' } } : undefined}
      />
    );
  }
  if (schema.type === 'object' && setting.property && schema.properties?.[setting.property]) {
    return <TextInput {...common} source={`${source}.${setting.property}`} validate={stringRules(schema.properties[setting.property])} />;
  }
  if (schema.type === 'array' && schema.items?.type === 'object' && schema.items.properties) {
    const item = schema.items;
    return (
      <ArrayInput source={source} label={label} helperText={description ?? false}>
        <SimpleFormIterator inline disableReordering>
          {Object.entries(item.properties ?? {}).map(([property, propertySchema]) => (
            <TextInput
              key={property}
              source={property}
              label={setting.itemLabels?.[property] ?? property}
              validate={[...(item.required?.includes(property) ? [required()] : []), ...stringRules(propertySchema)]}
            />
          ))}
        </SimpleFormIterator>
      </ArrayInput>
    );
  }
  // Anything else is edited as JSON, checked by the server against the same schema.
  return <TextInput {...common} multiline minRows={4} validate={validJson} format={(value) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2))} sx={{ '& textarea': { fontFamily: 'monospace' } }} />;
}

function SaveBar() {
  const { isValid, isSubmitting, isDirty } = useFormState();
  return (
    <Box sx={{ mt: 2 }}>
      <SaveButton disabled={!isValid || isSubmitting || !isDirty} alwaysEnable={false} />
    </Box>
  );
}

function formValues(settings: AdminSetting[]): Record<string, unknown> {
  return Object.fromEntries(settings.map((s) => [fieldKey(s.name), s.private ? '' : s.value]));
}

function SectionForm({ settings, onSaved }: { settings: AdminSetting[]; onSaved: () => void }) {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const { mutateAsync: save } = useMutation({
    mutationFn: (values: Record<string, unknown>) => dataProvider.updateSettings(values).then(({ data }) => data),
    // The answer is every setting as saved: the page shows it without reading them again.
    onSuccess: (response) => queryClient.setQueryData(SETTINGS_QUERY, response),
  });
  const defaults = useMemo(() => formValues(settings), [settings]);
  const bySource = useMemo(() => new Map(settings.map((s) => [fieldKey(s.name), s])), [settings]);

  const submit = async (values: Record<string, unknown>) => {
    const body: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) {
      const setting = bySource.get(key);
      if (!setting) continue;
      if (setting.private && !value) continue;
      const jsonText = typeof value === 'string' && setting.schema.type !== 'string' && !setting.private;
      body[settingName(key)] = jsonText ? JSON.parse(value) : value;
    }
    try {
      await save(body);
      onSaved();
      notify('Settings saved', { type: 'success' });
      return undefined;
    } catch (error) {
      const errors = error instanceof HttpError ? (error.body?.errors as Record<string, string | string[]> | undefined) : undefined;
      notify(error instanceof Error ? error.message : msg('The settings could not be saved.'), { type: 'error' });
      if (!errors) return undefined;
      // Errors come back by setting name; show each on its input.
      return Object.fromEntries(
        Object.entries(errors).map(([name, message]) => {
          const setting = settings.find((s) => s.name === name);
          const source = fieldKey(name) + (setting?.property ? `.${setting.property}` : '');
          return [source, Array.isArray(message) ? message[0] : message];
        }),
      );
    }
  };

  return (
    <Form defaultValues={defaults} onSubmit={submit} mode="onChange" sanitizeEmptyValues={false}>
      <Stack spacing={1}>
        {settings.map((setting) => (
          <SettingInput key={setting.name} setting={setting} />
        ))}
      </Stack>
      <SaveBar />
    </Form>
  );
}

/** /settings/:section — every section of the spec, each listing only what the product reads. */
export function SettingsPage() {
  const { section: current } = useParams();
  const translate = useTranslate();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const dataProvider = useAppDataProvider();
  // Read on each visit, not when the window regains focus: new values would reset a form being filled in.
  const { data, error } = useQuery({ queryKey: SETTINGS_QUERY, queryFn: () => dataProvider.getSettings().then(({ data }) => data), refetchOnWindowFocus: false });
  const [version, setVersion] = useState(0);
  const { permissions } = usePermissions<string[]>();
  const canEditAppearance = Boolean(permissions?.includes('admin') || permissions?.includes('appearance.update'));
  const section = data?.sections.find((s) => s.id === current);
  const settings = useMemo(() => data?.settings.filter((s) => s.section === section?.id) ?? [], [data, section?.id]);

  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data) return <LinearProgress aria-label={translate('Loading settings')} />;
  if (!section) return <Navigate to="/settings/general" replace />;

  return (
    <Box sx={{ display: 'flex', gap: 2, mt: 2, flexDirection: { xs: 'column', md: 'row' } }}>
      <Title title={translate('Settings: %{section}', { section: translate(section.label) })} />
      {narrow ? (
        // On a phone the sixteen sections scroll sideways instead of pushing the form off screen.
        <Tabs component="nav" aria-label={translate('Settings sections')} value={section.id} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
          {data.sections.map((s) => (
            <Tab key={s.id} value={s.id} label={translate(s.label)} component={Link} to={`/settings/${s.id}`} />
          ))}
        </Tabs>
      ) : (
        <Card component="nav" aria-label={translate('Settings sections')} sx={{ flex: '0 0 220px', alignSelf: 'flex-start' }}>
          <List dense>
            {data.sections.map((s) => (
              <ListItemButton key={s.id} component={Link} to={`/settings/${s.id}`} selected={s.id === section.id} aria-current={s.id === section.id ? 'page' : undefined}>
                <ListItemText primary={translate(s.label)} />
              </ListItemButton>
            ))}
          </List>
        </Card>
      )}
      <Card sx={{ flex: 1, minWidth: 0 }}>
        <CardContent>
          <Typography variant="h5" component="h1">
            {translate(section.label)}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate(section.description)}
          </Typography>
          {section.note && (
            <Alert
              severity="info"
              sx={{ mb: 2 }}
              action={
                section.id === 'general' && canEditAppearance ? (
                  <Button component={Link} to="/appearance/general" color="inherit" size="small">
                    {translate('Open the appearance editor')}
                  </Button>
                ) : undefined
              }
            >
              {translate(section.note)}
            </Alert>
          )}
          {settings.length > 0 ? (
            <SectionForm
              key={`${section.id}-${version}`}
              settings={settings}
              onSaved={() => setVersion((v) => v + 1)}
            />
          ) : (
            !section.note && <Alert severity="info">{translate('Nothing in this section can be configured yet.')}</Alert>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
