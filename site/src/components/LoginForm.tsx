import { navigate } from 'astro:transitions/client';
import { useRef, useState, type FormEvent } from 'react';
import { apiRequest, HttpError } from '../lib/http.ts';
import { translator, type Lines } from '../lib/i18n.ts';
import { toast } from '../stores/toast.atoms.ts';

interface Props {
  lines: Lines;
  /** A same-site path to return to after logging in, from ?redirect=. */
  redirect: string | null;
}

/** Server field errors show on their field and the first one receives focus. */
export default function LoginForm({ lines, redirect }: Props) {
  const t = translator(lines);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setErrors({});
    try {
      const response = await apiRequest<{ redirect_uri: string }>('auth/login', {
        method: 'POST',
        body: { email: form.get('email'), password: form.get('password'), remember: form.get('remember') === 'on' },
      });
      const destination = redirect ?? response.redirect_uri;
      // The back office is a separate application, not a page of this site.
      if (destination.startsWith('/admin')) window.location.assign(destination);
      else await navigate(destination, { history: 'replace' });
    } catch (error) {
      if (error instanceof HttpError && Object.keys(error.errors).length) {
        setErrors(error.errors);
        const first = Object.keys(error.errors)[0];
        formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      } else {
        toast.danger(error instanceof Error ? error.message : t('There was an issue. Please try again.'));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="login-email">{t('Email')}</label>
        <input id="login-email" name="email" type="email" autoComplete="email" required aria-invalid={Boolean(errors.email)} aria-describedby={errors.email ? 'login-email-error' : undefined} />
        {errors.email && <span id="login-email-error" className="field-error">{errors.email}</span>}
      </div>
      <div className="field">
        <label htmlFor="login-password">{t('Password')}</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required aria-invalid={Boolean(errors.password)} aria-describedby={errors.password ? 'login-password-error' : undefined} />
        {errors.password && <span id="login-password-error" className="field-error">{errors.password}</span>}
      </div>
      <label className="checkbox">
        <input type="checkbox" name="remember" defaultChecked />
        {t('Stay signed in for a month')}
      </label>
      <button type="submit" className="button primary" disabled={pending}>
        {t('Continue')}
      </button>
    </form>
  );
}
