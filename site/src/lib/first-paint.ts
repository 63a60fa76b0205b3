/**
 * Runs in <head> before the first paint: marks dark mode when the OS decides (theme "system").
 * Inline so that it blocks painting without a request of its own; astro.config.mjs gives its hash
 * to the Content-Security-Policy, which refuses every inline script it does not know.
 */
export const FIRST_PAINT_SCRIPT =
  "(function(){var root=document.documentElement;if(root.dataset.themeMode!=='system')return;root.classList.toggle('dark',matchMedia('(prefers-color-scheme: dark)').matches);})();";
