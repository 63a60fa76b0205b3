import type { BootstrapData } from '@app/api';

export const SOCIAL_LABELS: Record<string, string> = { google: 'Google', facebook: 'Facebook', twitter: 'X (Twitter)', envato: 'Envato' };

/** Providers switched on in the settings, in the spec's order. */
export function enabledSocialServices(settings: BootstrapData['settings']): string[] {
  return Object.keys(SOCIAL_LABELS).filter((service) => (settings as Record<string, unknown>)[`social.${service}.enable`] === true);
}

export interface SocialAuthMessage {
  type: 'social-auth';
  status: 'SUCCESS' | 'REQUEST_PASSWORD' | 'ERROR' | 'ALREADY_LOGGED_IN';
  errorMessage?: string;
  redirectUri?: string;
  service?: string;
}

const POPUP_WIDTH = 650;
const POPUP_HEIGHT = 550;

/**
 * Opens the sign-in popup (650 × 550) and resolves with its social-auth message, accepted only
 * from this site's origin; null when the popup is closed without one (checked every second).
 * Must be called from a click: browsers block popups opened later.
 */
export function openSocialPopup(url: string, siteOrigin: string): Promise<SocialAuthMessage | null> {
  const left = window.screenX + (window.outerWidth - POPUP_WIDTH) / 2;
  const top = window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2;
  const popup = window.open(url, 'social-auth', `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);
  return new Promise((resolve) => {
    const channel = 'BroadcastChannel' in window ? new BroadcastChannel('social-auth') : null;
    const finish = (message: SocialAuthMessage | null) => {
      window.removeEventListener('message', onMessage);
      channel?.close();
      clearInterval(timer);
      resolve(message);
    };
    const accept = (data: unknown) => {
      if (data && typeof data === 'object' && (data as SocialAuthMessage).type === 'social-auth') finish(data as SocialAuthMessage);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === siteOrigin) accept(event.data);
    };
    window.addEventListener('message', onMessage);
    if (channel) channel.onmessage = (event) => accept(event.data);
    const timer = setInterval(() => {
      if (!popup || popup.closed) setTimeout(() => finish(null), 300);
    }, 1000);
  });
}
