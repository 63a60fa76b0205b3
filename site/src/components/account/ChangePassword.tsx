import { ok, sessionApi } from '../../lib/island-api.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { Field, formText, useServerForm } from '../auth/form.tsx';
import { Section } from './Section.tsx';
import type { Translate } from './types.ts';

export function ChangePassword({ t }: { t: Translate }) {
  const { formRef, busy, errors, submit } = useServerForm(t('There was an issue. Please try again.'));
  const onSubmit = submit(async (form) => {
    await ok(
      sessionApi.auth.user.password.$put({
        json: { current_password: formText(form, 'current_password'), password: formText(form, 'password'), password_confirmation: formText(form, 'password_confirmation') },
      }),
    );
    formRef.current?.reset();
    toast(t('Password changed'));
  });
  return (
    <Section id="password" title={t('Update password')} description={t('Changing your password logs you out of every other device.')}>
      <form ref={formRef} onSubmit={onSubmit} method="post" noValidate>
        <Field id="current-password" name="current_password" type="password" label={t('Current password')} autoComplete="current-password" error={errors.current_password} />
        <Field id="new-password" name="password" type="password" label={t('New password')} autoComplete="new-password" error={errors.password} />
        <Field id="new-password-confirmation" name="password_confirmation" type="password" label={t('Confirm password')} autoComplete="new-password" error={errors.password_confirmation} />
        <button type="submit" className="button primary" disabled={busy}>
          {t('Update password')}
        </button>
      </form>
    </Section>
  );
}
