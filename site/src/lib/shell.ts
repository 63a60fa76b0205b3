import { writeCookie } from './http.ts';

/**
 * Page-shell behaviour that must survive client-side navigation: the top progress bar, the mobile
 * menu and the OS theme. Listeners sit on `document` once; the elements are looked up when needed.
 */
const PROGRESS_DELAY_MS = 50;
export const COOKIE_NOTICE_DAYS = 30;
const PROGRESS_ANIMATION_MS = 300;

export function setupShell(): void {
  let progressTimer: ReturnType<typeof setTimeout> | undefined;
  const bar = () => document.getElementById('nav-progress');

  document.addEventListener('astro:before-preparation', () => {
    clearTimeout(progressTimer);
    bar()?.classList.remove('done');
    // Only navigations that take longer than 50 ms show the bar.
    progressTimer = setTimeout(() => bar()?.classList.add('active'), PROGRESS_DELAY_MS);
  });
  document.addEventListener('astro:page-load', () => {
    clearTimeout(progressTimer);
    const element = bar();
    if (!element?.classList.contains('active')) return;
    element.classList.add('done');
    setTimeout(() => element.classList.remove('active', 'done'), PROGRESS_ANIMATION_MS * 2);
  });

  const setSidebar = (open: boolean) => {
    document.body.classList.toggle('sidebar-open', open);
    document.getElementById('mobile-menu-toggle')?.setAttribute('aria-expanded', String(open));
    const backdrop = document.querySelector<HTMLElement>('[data-close-sidebar]');
    if (backdrop) backdrop.hidden = !open;
    if (open) document.querySelector<HTMLElement>('#sidebar a')?.focus();
  };
  document.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    if (target.closest('[data-accept-cookies]')) {
      writeCookie('cookie_notice', '1', COOKIE_NOTICE_DAYS);
      document.querySelector('[data-cookie-notice]')?.remove();
    } else if (target.closest('#mobile-menu-toggle')) setSidebar(!document.body.classList.contains('sidebar-open'));
    else if (target.closest('[data-close-sidebar]') || (target.closest('#sidebar a') && document.body.classList.contains('sidebar-open'))) setSidebar(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && document.body.classList.contains('sidebar-open')) {
      setSidebar(false);
      document.getElementById('mobile-menu-toggle')?.focus();
    }
  });

  // Theme "system": follow the OS live, and again after each page swap replaces <html> attributes.
  const media = matchMedia('(prefers-color-scheme: dark)');
  const syncSystemTheme = () => {
    const root = document.documentElement;
    if (root.dataset.themeMode === 'system') root.classList.toggle('dark', media.matches);
  };
  media.addEventListener('change', syncSystemTheme);
  document.addEventListener('astro:after-swap', syncSystemTheme);
}
