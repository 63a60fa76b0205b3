import RestoreIcon from '@mui/icons-material/Restore';
import { Button, Stack, Typography } from '@mui/material';
import { ArrayInput, BooleanInput, maxLength, required, SelectInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ImageUploadInput } from '../common/ImageUploadInput.tsx';
import { msg } from '../i18n/messages.ts';
import type { AppearanceData } from './appearance-api.ts';
import { valuePath, type FormTheme } from './form-values.ts';

/** Puts the shipped defaults of some settings back into the form; saving stores them. */
function ResetToDefault({ data, names, label }: { data: AppearanceData; names: string[]; label: string }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const reset = () => {
    for (const name of names) setValue(valuePath(name), structuredClone(data.defaults[name]), { shouldDirty: true });
  };
  return (
    <Button size="small" startIcon={<RestoreIcon />} onClick={reset} sx={{ alignSelf: 'flex-start' }} aria-label={label}>
      {translate('Reset to default')}
    </Button>
  );
}

export function GeneralSection() {
  const translate = useTranslate();
  const themes = (useWatch({ name: 'themes' }) as FormTheme[] | undefined) ?? [];
  // Only saved themes have an id to choose; a new one can be made the default after saving it.
  const themeChoices = [{ id: 0, name: translate('Follow the visitor’s light or dark preference') }, ...themes.flatMap((theme) => (theme.id ? [{ id: theme.id, name: theme.name }] : []))];
  return (
    <Stack spacing={1}>
      <TextInput source={valuePath('branding.site_name')} label="Site name" helperText="Shown in the navigation bar, page titles and emails." validate={[required(), maxLength(80)]} fullWidth />
      <TextInput source={valuePath('branding.site_description')} label="Site description" helperText="Used for search engines and link previews." validate={maxLength(300)} multiline minRows={2} fullWidth />
      <ImageUploadInput source={valuePath('branding.logo_light')} label="Logo on light themes" />
      <ImageUploadInput source={valuePath('branding.logo_dark')} label="Logo on dark themes" />
      <ImageUploadInput source={valuePath('branding.logo_light_mobile')} label="Mobile logo on light themes" />
      <ImageUploadInput source={valuePath('branding.logo_dark_mobile')} label="Mobile logo on dark themes" />
      <ImageUploadInput source={valuePath('branding.favicon')} label="Favicon" />
      <SelectInput source={valuePath('themes.default_id')} label="Default theme" choices={themeChoices} translateChoice={false} validate={required()} />
      <BooleanInput source={valuePath('themes.user_change')} label="Let users choose a theme" helperText="Off: everybody gets the default theme." />
    </Stack>
  );
}

const SEO_PAGE_LABELS: Record<string, string> = {
  artist: msg('Artist page'),
  album: msg('Album page'),
  track: msg('Track page'),
  playlist: msg('Playlist page'),
  landing: msg('Landing page'),
  channel: msg('Channel page'),
  user: msg('User profile'),
  search: msg('Search results'),
};

export function SeoSection({ data }: { data: AppearanceData }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {translate('Placeholders: {site_name}, {site_description}, {name}, {artists} (albums and tracks), {description} and {query} (search). An empty description falls back to the site description.')}
      </Typography>
      {data.seoPages.map((page) => (
        <Stack key={page} spacing={0} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mt: 1 }}>
            {translate(SEO_PAGE_LABELS[page] ?? page)}
          </Typography>
          <TextInput source={valuePath(`seo.${page}.title`)} label={translate('%{page}: title', { page: translate(SEO_PAGE_LABELS[page] ?? page) })} validate={maxLength(500)} fullWidth helperText={false} />
          <TextInput source={valuePath(`seo.${page}.description`)} label={translate('%{page}: description', { page: translate(SEO_PAGE_LABELS[page] ?? page) })} validate={maxLength(500)} fullWidth multiline helperText={false} />
          <ResetToDefault data={data} names={[`seo.${page}.title`, `seo.${page}.description`]} label={translate('Reset the %{page} to default', { page: translate(SEO_PAGE_LABELS[page] ?? page) })} />
        </Stack>
      ))}
    </Stack>
  );
}

const code = { '& textarea': { fontFamily: 'monospace', fontSize: 13 } } as const;

export function CustomCodeSection() {
  return (
    <Stack spacing={1}>
      <TextInput
        source={valuePath('custom_code.css')}
        label="Custom CSS"
        helperText="Added to every page of the site, after its own styles. Not added to the back office."
        validate={maxLength(100_000)}
        multiline
        minRows={8}
        fullWidth
        sx={code}
      />
      <TextInput
        source={valuePath('custom_code.html')}
        label="Custom HTML and JavaScript"
        helperText="Added at the end of every page of the site, not the back office. Once saved, its scripts, inline or from other hosts, are allowed by the site's content security policy; the preview shows the HTML without running them."
        validate={maxLength(100_000)}
        multiline
        minRows={8}
        fullWidth
        sx={code}
      />
    </Stack>
  );
}

/** Buttons of a landing section; the page has room for `max`. */
function Actions({ source, label, max }: { source: string; label: string; max: number }) {
  const count = ((useWatch({ name: source }) as unknown[] | undefined) ?? []).length;
  return (
    <ArrayInput source={source} label={label} helperText={false}>
      <SimpleFormIterator disableAdd={count >= max} getItemLabel={(index) => `#${index + 1}`} fullWidth>
        <TextInput source="label" label="Label" validate={[required(), maxLength(60)]} helperText={false} fullWidth />
        <TextInput source="action" label="Link" validate={[required(), maxLength(500)]} helperText={false} fullWidth />
        <BooleanInput source="primary" label="Main button" helperText={false} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack spacing={0.5} component="section" sx={{ pb: 2 }}>
      <Typography variant="h6" component="h3">
        {translate(title)}
      </Typography>
      {children}
    </Stack>
  );
}

const landing = (path: string) => `${valuePath('landing.sections')}.${path}`;

/** The five sections of /landing, in the order it shows them. */
export function LandingSection({ data }: { data: AppearanceData }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <ResetToDefault data={data} names={['landing.sections']} label={translate('Reset the landing page to default')} />
      <Part title={msg('Header')}>
        <BooleanInput source={landing('hero.enabled')} label="Show this section" helperText={false} />
        <TextInput source={landing('hero.title')} label="Title" validate={maxLength(200)} fullWidth helperText={false} />
        <TextInput source={landing('hero.subtitle')} label="Subtitle" validate={maxLength(500)} fullWidth multiline helperText={false} />
        <ImageUploadInput source={landing('hero.image')} label="Background image" />
        <Actions source={landing('hero.actions')} label="Buttons" max={3} />
      </Part>
      <Part title={msg('Features')}>
        <BooleanInput source={landing('features.enabled')} label="Show this section" helperText={false} />
        <TextInput source={landing('features.title')} label="Title" validate={maxLength(200)} fullWidth helperText={false} />
        <ArrayInput source={landing('features.items')} label="Features" helperText={false}>
          <SimpleFormIterator fullWidth>
            <TextInput source="title" label="Title" validate={[required(), maxLength(120)]} fullWidth helperText={false} />
            <TextInput source="description" label="Description" validate={maxLength(500)} fullWidth multiline helperText={false} />
            <TextInput source="icon" label="Icon" validate={maxLength(40)} helperText="music, library, person, album, playlist…" />
          </SimpleFormIterator>
        </ArrayInput>
      </Part>
      <Part title={msg('Channels')}>
        <BooleanInput source={landing('channels.enabled')} label="Show this section" helperText={false} />
        <TextInput
          source={landing('channels.channels')}
          label="Channels"
          helperText="Slugs or ids of the channels to show, separated by commas."
          format={(value: unknown) => (Array.isArray(value) ? value.join(', ') : '')}
          parse={(text: string) => text.split(',').map((part) => part.trim()).filter(Boolean)}
          fullWidth
        />
      </Part>
      <Part title={msg('Pricing')}>
        <BooleanInput source={landing('pricing.enabled')} label="Show this section" helperText={false} />
        <TextInput source={landing('pricing.title')} label="Title" validate={maxLength(200)} fullWidth helperText={false} />
        <TextInput source={landing('pricing.subtitle')} label="Subtitle" validate={maxLength(500)} fullWidth multiline helperText={false} />
      </Part>
      <Part title={msg('Footer')}>
        <BooleanInput source={landing('footer.enabled')} label="Show this section" helperText={false} />
        <TextInput source={landing('footer.title')} label="Title" validate={maxLength(200)} fullWidth helperText={false} />
        <TextInput source={landing('footer.subtitle')} label="Subtitle" validate={maxLength(500)} fullWidth multiline helperText={false} />
        <Actions source={landing('footer.actions')} label="Buttons" max={2} />
      </Part>
    </Stack>
  );
}
