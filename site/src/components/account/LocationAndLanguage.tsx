import { useEffect, useState, type SubmitEvent } from 'react';
import type { InferResponseType } from 'hono/client';
import { HttpError } from '../../lib/http.ts';
import { islandApi, ok } from '../../lib/island-api.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { formText } from '../auth/form.tsx';
import { Section } from './Section.tsx';
import type { AccountUser, Translate } from './types.ts';

type Lists = InferResponseType<(typeof islandApi)['value-lists'][':names']['$get'], 200>;

export function LocationAndLanguage({ t, user }: { t: Translate; user: AccountUser }) {
  const [lists, setLists] = useState<Lists | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const currentLanguage = user.language ?? 'en';

  useEffect(() => {
    ok(islandApi['value-lists'][':names'].$get({ param: { names: 'timezones,countries,localizations' } })).then(setLists, (e: Error) => toast.danger(e.message));
  }, []);

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setErrors({});
    try {
      const language = formText(form, 'language');
      const languageChanged = Boolean(language) && language !== currentLanguage;
      await ok(islandApi.users[':id'].$put({ param: { id: String(user.id) }, json: { country: formText(form, 'country') || null, timezone: formText(form, 'timezone') || null } }));
      if (languageChanged) await ok(islandApi.users.me.locale.$post({ json: { locale: language } }));
      toast(t('Updated account details'));
      // A new language applies to the whole page, which is rendered on the server.
      if (languageChanged) window.location.reload();
    } catch (error) {
      if (error instanceof HttpError && Object.keys(error.errors).length) setErrors(error.errors);
      else toast.danger((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="location-and-language" title={t('Date, time and language')}>
      {!lists ? (
        <p className="muted">{t('Loading…')}</p>
      ) : (
        <form onSubmit={save} noValidate>
          <div className="field">
            <label htmlFor="settings-language">{t('Language')}</label>
            <select id="settings-language" name="language" defaultValue={currentLanguage}>
              {(lists.localizations ?? []).map((locale) => (
                <option key={locale.language} value={locale.language}>
                  {locale.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="settings-country">{t('Country')}</label>
            <select id="settings-country" name="country" defaultValue={user.country ?? ''} aria-invalid={Boolean(errors.country)}>
              <option value="">{t('Not set')}</option>
              {(lists.countries ?? []).map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
            {errors.country && <span className="field-error">{errors.country}</span>}
          </div>
          <div className="field">
            <label htmlFor="settings-timezone">{t('Timezone')}</label>
            <select id="settings-timezone" name="timezone" defaultValue={user.timezone ?? ''} aria-invalid={Boolean(errors.timezone)}>
              <option value="">{t('Not set')}</option>
              {Object.entries(lists.timezones ?? {}).map(([region, zones]) => (
                <optgroup key={region} label={region}>
                  {zones.map((zone) => (
                    <option key={zone.value} value={zone.value}>
                      {zone.text}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {errors.timezone && <span className="field-error">{errors.timezone}</span>}
          </div>
          <button type="submit" className="button primary" disabled={busy}>
            {t('Save')}
          </button>
        </form>
      )}
    </Section>
  );
}
