import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Alert, Box, Button, Card, IconButton, LinearProgress, List, ListItemButton, ListItemText, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Form, HttpError, ResourceContextProvider, Title, useNotify, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { msg } from '../i18n/messages.ts';
import { useAppDataProvider } from '../providers/dataProvider.ts';
import type { AppearanceData } from './appearance-api.ts';
import { CustomCodeSection, GeneralSection, LandingSection, SeoSection } from './BasicSections.tsx';
import { changeOf, formErrors, SECTIONS, toForm, type AppearanceForm } from './form-values.ts';
import { MenuEdit, MenuList } from './MenuSections.tsx';
import { PreviewFrame } from './PreviewFrame.tsx';
import { ThemeEdit, ThemeList } from './ThemeSections.tsx';

const APPEARANCE_QUERY = ['appearance'];

/** /appearance/* — the appearance editor (music spec §2.9): sections beside a live preview of the site. */
export function AppearancePage() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  // Read once per visit: refetching on focus would reset unsaved work.
  const { data, error } = useQuery({ queryKey: APPEARANCE_QUERY, queryFn: () => dataProvider.getAppearance().then(({ data }) => data), refetchOnWindowFocus: false });
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data) return <LinearProgress aria-label={translate('Loading the appearance editor')} />;
  // A save answers the new state: the editor starts again from it, and the preview frame loads the
  // site again to show what cannot change live (menus, added landing items).
  return <AppearanceEditor key={JSON.stringify(data)} data={data} />;
}

function AppearanceEditor({ data }: { data: AppearanceData }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const saved = useMemo(() => toForm(data), [data]);
  const { pathname } = useLocation();
  const [, , section, index] = pathname.split('/');
  const previewPath = section === 'landing-page' ? '/landing' : '/';
  const activeThemeIndex = section === 'themes' && index !== undefined && Number.isInteger(Number(index)) ? Number(index) : null;

  const submit = async (form: Record<string, unknown>) => {
    try {
      const { data: after } = await dataProvider.updateAppearance(changeOf(form as unknown as AppearanceForm, saved));
      notify('Appearance saved', { type: 'success' });
      queryClient.setQueryData(APPEARANCE_QUERY, after);
      return undefined;
    } catch (error) {
      notify(error instanceof Error ? error.message : msg('The appearance could not be saved.'), { type: 'error' });
      const errors = error instanceof HttpError ? (error.body?.errors as Record<string, string | string[]> | undefined) : undefined;
      return errors ? formErrors(errors) : undefined;
    }
  };

  // The list inputs (menu items, landing buttons) ask for a resource; the editor is one of its own.
  return (
    <ResourceContextProvider value="appearance">
    <Form defaultValues={saved as unknown as Record<string, unknown>} onSubmit={submit} sanitizeEmptyValues={false} noValidate>
      <Title title={translate('Appearance')} />
      <LeaveWarning />
      <EditorLayout
        panel={
          <Routes>
            <Route index element={<SectionList />} />
            <Route path="general" element={<Section title="General"><GeneralSection /></Section>} />
            <Route path="seo-settings" element={<Section title="SEO"><SeoSection data={data} /></Section>} />
            <Route path="custom-code" element={<Section title="Custom code"><CustomCodeSection /></Section>} />
            <Route path="themes" element={<Section title="Themes"><ThemeList /></Section>} />
            <Route path="themes/:themeIndex" element={<Section title="Theme" back="/appearance/themes"><ThemeEdit data={data} /></Section>} />
            <Route path="menus" element={<Section title="Menus"><MenuList /></Section>} />
            <Route path="menus/:menuIndex" element={<Section title="Menu" back="/appearance/menus"><MenuEdit data={data} /></Section>} />
            <Route path="landing-page" element={<Section title="Landing page"><LandingSection data={data} /></Section>} />
            <Route path="*" element={<Navigate to="/appearance" replace />} />
          </Routes>
        }
        preview={<PreviewFrame path={previewPath} activeThemeIndex={activeThemeIndex} />}
      />
    </Form>
    </ResourceContextProvider>
  );
}

/** The form beside the preview on a wide screen; on a phone, the preview is below it, shown on demand. */
function EditorLayout({ panel, preview }: { panel: ReactNode; preview: ReactNode }) {
  const translate = useTranslate();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const [showPreview, setShowPreview] = useState(false);
  const previewShown = !narrow || showPreview;
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, mt: 2, height: { md: 'calc(100vh - 96px)' }, minWidth: 0 }}>
      <Card component="section" aria-label={translate('Appearance')} sx={{ width: { md: 420 }, flex: '0 0 auto', display: 'flex', flexDirection: 'column', minWidth: 0, overflow: { xs: 'visible', md: 'hidden' } }}>
        {/* On a phone the page scrolls, not the panel: the Save button stays in reach at the top (the app bar hides while scrolling down). */}
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1, borderBottom: 1, borderColor: 'divider', position: { xs: 'sticky', md: 'static' }, top: 0, zIndex: 2, bgcolor: 'background.paper' }}
        >
          <Typography variant="h5" component="h1">
            {translate('Appearance')}
          </Typography>
          <SaveAppearanceButton />
        </Stack>
        <Box sx={{ flex: 1, overflowY: { md: 'auto' }, p: 2 }}>{panel}</Box>
      </Card>
      {narrow && (
        <Button variant="outlined" onClick={() => setShowPreview((shown) => !shown)} aria-expanded={showPreview} aria-controls="appearance-preview">
          {showPreview ? translate('Hide preview') : translate('Show preview')}
        </Button>
      )}
      <Card id="appearance-preview" sx={{ flex: 1, minWidth: 0, minHeight: { xs: '70vh', md: 0 }, display: previewShown ? 'block' : 'none', overflow: 'hidden' }}>
        {preview}
      </Card>
    </Box>
  );
}

function SaveAppearanceButton() {
  const translate = useTranslate();
  const { isDirty, isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
      {isSubmitting ? translate('Saving…') : translate('Save')}
    </Button>
  );
}

function SectionList() {
  const translate = useTranslate();
  return (
    <List component="nav" aria-label={translate('Appearance sections')}>
      {SECTIONS.map((section) => (
        <ListItemButton key={section.id} component={Link} to={`/appearance/${section.id}`}>
          <ListItemText primary={translate(section.label)} />
          <ChevronRightIcon aria-hidden />
        </ListItemButton>
      ))}
    </List>
  );
}

function Section({ title, back = '/appearance', children }: { title: string; back?: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton component={Link} to={back} aria-label={translate('Back')} size="small">
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h6" component="h2">
          {translate(title)}
        </Typography>
      </Stack>
      {children}
    </Stack>
  );
}

/**
 * Unsaved work is not lost by accident: closing or reloading the tab asks first (beforeunload), and
 * so does following a link out of the editor (the back office's router cannot block navigation).
 */
function LeaveWarning() {
  const translate = useTranslate();
  const { isDirty, isSubmitSuccessful } = useFormState();
  const pending = isDirty && !isSubmitSuccessful;
  useEffect(() => {
    if (!pending) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target === '_blank') return;
      const url = new URL(link.href, window.location.href);
      if (url.origin === window.location.origin && url.pathname.startsWith('/admin/appearance')) return;
      if (!window.confirm(translate('ra.message.unsaved_changes'))) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [pending, translate]);
  return null;
}
