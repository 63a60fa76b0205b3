import { translator, type Lines } from '../../lib/i18n.ts';
import { ok, sessionApi } from '../../lib/island-api.ts';
import { humanCheckToken } from '../../lib/recaptcha.ts';
import { toast } from '../../stores/toast.atoms.ts';
import { Field, formText, goAfterLogin, useServerForm } from './form.tsx';

interface Props {
  lines: Lines;
  /** From ?email=: prefilled and locked. */
  email: string | null;
  policies: { id: string; label: string; action?: string }[];
  /** The reCAPTCHA site key when the human check is on for registration. */
  humanCheckKey?: string | null;
  /** Registration from a workspace invitation: sent along, and the new account joins the workspace. */
  invite?: { id: string; type: 'workspace' } | null;
  /** A path of this site to go to once registered (e.g. the checkout that sent the visitor here), instead of the post-login one. */
  redirect?: string | null;
}

export default function RegisterForm({ lines, email, policies, humanCheckKey, invite, redirect }: Props) {
  const t = translator(lines);
  const { formRef, busy, errors, submit } = useServerForm(t('There was an issue. Please try again.'));

  const onSubmit = submit(async (form) => {
    const accepted = Object.fromEntries(policies.map((policy) => [policy.id, form.get(policy.id) === 'on']));
    const response = await ok(
      sessionApi.auth.register.$post({
        json: {
          email: email ?? formText(form, 'email'),
          password: formText(form, 'password'),
          password_confirmation: formText(form, 'password_confirmation'),
          ...accepted,
          ...(humanCheckKey ? { token: await humanCheckToken(humanCheckKey, 'register') } : {}),
          ...(invite ? { invite_id: invite.id, invite_type: invite.type } : {}),
        },
      }),
    );
    if (invite) toast(t('Joined workspace'));
    await goAfterLogin(redirect ?? response.redirect_uri);
  });

  return (
    <form ref={formRef} onSubmit={onSubmit} method="post" noValidate>
      <Field id="register-email" name="email" type="email" label={t('Email')} autoComplete="email" error={errors.email} defaultValue={email ?? undefined} disabled={Boolean(email)} />
      <Field id="register-password" name="password" type="password" label={t('Password')} autoComplete="new-password" error={errors.password} />
      <Field id="register-password-confirmation" name="password_confirmation" type="password" label={t('Confirm password')} autoComplete="new-password" error={errors.password_confirmation} />
      {policies.map((policy) => (
        <div key={policy.id}>
          <label className="checkbox">
            <input type="checkbox" name={policy.id} required aria-invalid={Boolean(errors[policy.id])} />
            <span>
              {t('I accept the')}{' '}
              {policy.action ? (
                <a href={policy.action} target="_blank" rel="noopener" style={{ textDecoration: 'underline' }}>
                  {t(policy.label)}
                </a>
              ) : (
                t(policy.label)
              )}
            </span>
          </label>
          {errors[policy.id] && <p className="field-error">{errors[policy.id]}</p>}
        </div>
      ))}
      <button type="submit" className="button primary" disabled={busy}>
        {t('Create account')}
      </button>
    </form>
  );
}
