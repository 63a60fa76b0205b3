import { httpClient } from './httpClient.ts';
import { i18nProvider, type InterfaceLanguage } from './i18nProvider.ts';

/**
 * Loads the language the server chooses for whoever is logged in (their own when the site lets
 * people choose, else the site's default), as the site's pages get it in their bootstrap data.
 * If it cannot be read, the back office stays in the language it has.
 */
export async function loadInterfaceLanguage(): Promise<void> {
  try {
    const { json } = await httpClient('/api/v1/users/me/locale');
    await i18nProvider.use(json as InterfaceLanguage);
  } catch (error) {
    console.error('The interface language could not be loaded:', error);
  }
}
