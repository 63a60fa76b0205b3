import { Alert, Box, Checkbox, FormControlLabel, FormHelperText, LinearProgress, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useInput, useTranslate } from 'react-admin';
import { msg } from '../i18n/messages.ts';
import { useAppDataProvider } from '../providers/dataProvider.ts';

export interface Grant {
  name: string;
  restrictions: { name: string; value: number | null }[];
}

/** First message of the errors a server gave under permissions.N, shown once for the whole editor. */
function firstError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const value of Object.values(error)) {
    const message = firstError(value);
    if (message) return message;
  }
  return undefined;
}

/**
 * Every permission of the catalogue as a checkbox, grouped, with the numeric restrictions of the
 * checked ones (empty means unlimited). The value is the list of grants sent to the API.
 */
export function PermissionsInput({
  source = 'permissions',
  label = msg('Permissions'),
  helperText,
  withoutBackOffice = false,
  readOnly = false,
}: {
  source?: string;
  label?: string;
  helperText?: string;
  /** Shows the grants without letting them change (a user's own permissions). */
  readOnly?: boolean;
  /** Leaves out the permissions that may not be given here (plans are sold to anyone). */
  withoutBackOffice?: boolean;
}) {
  const { field, fieldState } = useInput<Grant[]>({ source, defaultValue: [] });
  const translate = useTranslate();
  const text = (line: string | null) => (line ? translate(line, { _: line }) : line);
  const dataProvider = useAppDataProvider();
  // The catalogue only changes with a new server version: read it once per visit.
  const { data: all, error: failure } = useQuery({
    queryKey: ['permissions', 'catalog'],
    queryFn: () => dataProvider.getPermissionCatalog().then(({ data }) => data),
    staleTime: Infinity,
  });
  const entries = all && withoutBackOffice ? all.filter((entry) => !entry.back_office) : all;

  const grants: Grant[] = Array.isArray(field.value) ? field.value : [];
  const grantOf = (name: string) => grants.find((g) => g.name === name);
  const change = (next: Grant[]) => field.onChange(next);

  if (failure) return <Alert severity="error">{failure.message}</Alert>;
  if (!entries) return <LinearProgress aria-label={translate('Loading permissions')} />;
  const groups = [...new Set(entries.map((e) => e.group))];
  const error = firstError(fieldState.error);

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: '100%' }} data-testid="permissions-editor">
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {translate(label)}
      </Typography>
      {helperText && <FormHelperText sx={{ mt: -1, mb: 1 }}>{translate(helperText)}</FormHelperText>}
      {error && <Alert severity="error" sx={{ mb: 1 }}>{text(error)}</Alert>}
      {groups.map((group) => (
        <Box key={group} sx={{ mb: 2 }}>
          <Typography variant="overline" component="h3" color="text.secondary">
            {text(group)}
          </Typography>
          {entries
            .filter((e) => e.group === group)
            .map((entry) => {
              const grant = grantOf(entry.name);
              return (
                <Box key={entry.name} sx={{ mb: 0.5 }}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={Boolean(grant)}
                        disabled={readOnly}
                        onChange={(event) => change(event.target.checked ? [...grants, { name: entry.name, restrictions: [] }] : grants.filter((g) => g.name !== entry.name))}
                        slotProps={{ input: { 'aria-describedby': `permission-${entry.name}-description` } }}
                      />
                    }
                    label={
                      <span>
                        {text(entry.display_name) ?? entry.name}{' '}
                        <Typography component="code" variant="caption" color="text.secondary">
                          {entry.name}
                        </Typography>
                      </span>
                    }
                  />
                  <FormHelperText id={`permission-${entry.name}-description`} sx={{ mt: -1, ml: 4 }}>
                    {text(entry.description)}
                  </FormHelperText>
                  {grant &&
                    entry.restrictions.map((restriction) => {
                      const value = grant.restrictions.find((r) => r.name === restriction.name)?.value ?? null;
                      return (
                        <TextField
                          key={restriction.name}
                          type="number"
                          size="small"
                          label={`${text(entry.display_name) ?? entry.name}: ${restriction.name}`}
                          helperText={`${text(restriction.description)} ${translate('Empty means unlimited.')}`}
                          value={value ?? ''}
                          slotProps={{ htmlInput: { min: 0, step: 1, readOnly } }}
                          sx={{ ml: 4, mt: 1, maxWidth: 360 }}
                          onChange={(event) => {
                            const raw = event.target.value;
                            const parsed = raw === '' ? null : Math.max(0, Math.floor(Number(raw)));
                            const restrictions = [...grant.restrictions.filter((r) => r.name !== restriction.name), ...(parsed === null || Number.isNaN(parsed) ? [] : [{ name: restriction.name, value: parsed }])];
                            change(grants.map((g) => (g.name === entry.name ? { ...g, restrictions } : g)));
                          }}
                        />
                      );
                    })}
                </Box>
              );
            })}
        </Box>
      ))}
    </Box>
  );
}
