import { inAppearancePreview } from '../../lib/appearance-preview.ts';
import { translator, type Lines } from '../../lib/i18n.ts';
import { ok, sessionApi } from '../../lib/island-api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { toast } from '../../stores/toast.atoms.ts';

export default function LogoutButton({ lines }: { lines: Lines }) {
  const t = translator(lines);
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="button"
      disabled={!hydrated}
      onClick={async () => {
        // Inside the appearance editor's preview, logging out would log out the editor too.
        if (inAppearancePreview()) return void toast.danger(t("Can't logout while in appearance editor."));
        try {
          await ok(sessionApi.auth.logout.$post());
          window.location.assign('/login');
        } catch (error) {
          toast.danger((error as Error).message);
        }
      }}
    >
      {t('Logout')}
    </button>
  );
}
