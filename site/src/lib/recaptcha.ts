declare global {
  interface Window {
    grecaptcha?: { ready(callback: () => void): void; execute(siteKey: string, options: { action: string }): Promise<string> };
  }
}

let loading: Promise<void> | undefined;

function loadScript(siteKey: string): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => window.grecaptcha?.ready(() => resolve());
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Could not verify you are human.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** A reCAPTCHA v3 token for this action; the server verifies it before acting. */
export async function humanCheckToken(siteKey: string, action: string): Promise<string> {
  await loadScript(siteKey);
  return window.grecaptcha!.execute(siteKey, { action });
}
