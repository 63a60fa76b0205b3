import { sameSitePath } from '@app/shared/redirects';
import { navigate } from 'astro:transitions/client';
import { useRef, useState, type SubmitEvent } from 'react';
import { HttpError } from '../../lib/http.ts';
import { ONBOARDING_KEY } from '../../lib/onboarding.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { toast } from '../../stores/toast.atoms.ts';

interface FieldProps {
  id: string;
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  error?: string;
  defaultValue?: string;
  disabled?: boolean;
  optional?: boolean;
  maxLength?: number;
  /** A multi-line field (a textarea) of this many rows. */
  rows?: number;
}

/** A labelled input whose server error is announced with it. */
export function Field({ id, name, label, type = 'text', autoComplete, error, defaultValue, disabled, optional, maxLength, rows }: FieldProps) {
  const shared = {
    id,
    name,
    autoComplete,
    required: !optional,
    defaultValue,
    disabled,
    maxLength,
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {rows ? <textarea rows={rows} {...shared} /> : <input type={type} {...shared} />}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A text field of a submitted form (`''` when the form has no such field), as the typed API wants it. */
export function formText(form: FormData, name: string): string {
  return String(form.get(name) ?? '');
}

/**
 * Submit handling shared by the account forms: pending state, server field errors shown on their
 * fields with focus on the first, other errors as a danger toast.
 */
export function useServerForm(fallbackError: string) {
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const hydrated = useHydrated();

  const submit = (send: (form: FormData) => Promise<void>) => async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setErrors({});
    try {
      await send(new FormData(event.currentTarget));
    } catch (error) {
      if (error instanceof HttpError && Object.keys(error.errors).length) {
        setErrors(error.errors);
        const first = Object.keys(error.errors)[0];
        formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      } else {
        toast.danger(error instanceof Error ? error.message : fallbackError);
      }
    } finally {
      setPending(false);
    }
  };

  /** The submit button waits for hydration as well as for the pending request. */
  const busy = pending || !hydrated;

  return { formRef, busy, errors, submit };
}

/** The checkout of a plan picked during onboarding, which then takes precedence after login. */
function onboardingCheckout(): string | null {
  try {
    const picked = JSON.parse(localStorage.getItem(ONBOARDING_KEY) ?? 'null') as { productId?: unknown; priceId?: unknown } | null;
    if (!picked || !/^\w{1,64}$/.test(String(picked.productId)) || !/^\w{1,64}$/.test(String(picked.priceId))) return null;
    localStorage.removeItem(ONBOARDING_KEY);
    return `/checkout/${picked.productId}/${picked.priceId}`;
  } catch {
    return null;
  }
}

/** After logging in: a picked plan's checkout first; the back office is its own application, everything else is a page swap. */
export async function goAfterLogin(destination: string) {
  // Every way of logging in ends here, so nothing that reached it unchecked can take the user off the site.
  const target = onboardingCheckout() ?? sameSitePath(destination, location.origin) ?? '/';
  if (target.startsWith('/admin') || target.startsWith('/checkout/')) window.location.assign(target);
  else await navigate(target, { history: 'replace' });
}
