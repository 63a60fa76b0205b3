import './LanguageSwitcher.css';
import { writeCookie } from '../lib/http.ts';
import { translator, type Lines } from '../lib/i18n.ts';
import { islandApi, ok, toastFailure } from '../lib/island-api.ts';
import { useHydrated } from '../lib/use-hydrated.ts';

interface Props {
  lines: Lines;
  languages: { language: string; name: string }[];
  current: string;
  /** Users keep their language on their account; visitors in a cookie. */
  loggedIn: boolean;
}

/** The footer's language choice (when `i18n.enable` is on); pages are rendered on the server, so it reloads. */
export default function LanguageSwitcher({ lines, languages, current, loggedIn }: Props) {
  const t = translator(lines);
  const hydrated = useHydrated();

  const choose = async (language: string) => {
    try {
      if (loggedIn) await ok(islandApi.users.me.locale.$post({ json: { locale: language } }));
      // Read by the server (LANGUAGE_COOKIE), which renders every page in it.
      else writeCookie('be-language', language, 365);
      window.location.reload();
    } catch (error) {
      toastFailure(error, t('There was an issue. Please try again.'));
    }
  };

  return (
    <div className="language-switcher">
      <label htmlFor="footer-language">{t('Language')}</label>
      <select id="footer-language" value={current} disabled={!hydrated} onChange={(event) => void choose(event.currentTarget.value)}>
        {languages.map((option) => (
          <option key={option.language} value={option.language}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
