/**
 * Previous and next buttons of card carousels (`[data-carousel]`: a `.card-row` and two
 * `[data-carousel-step]` buttons). A button shows only while there is something to scroll its
 * way, so a carousel that fits shows none. The row itself still scrolls by touch, wheel and keys.
 */
export function setupCarousels(): void {
  let resizes: ResizeObserver | undefined;

  const update = (carousel: HTMLElement) => {
    const row = carousel.querySelector<HTMLElement>('.card-row');
    if (!row) return;
    // A pixel of slack: scroll positions are fractional on zoomed or high-density screens.
    const atStart = row.scrollLeft <= 1;
    const atEnd = row.scrollLeft + row.clientWidth >= row.scrollWidth - 1;
    for (const button of carousel.querySelectorAll<HTMLButtonElement>('[data-carousel-step]')) {
      const hide = button.dataset.carouselStep === '-1' ? atStart : atEnd;
      if (hide && button === document.activeElement) {
        // Keep the keyboard where it was: on the other button, or on the row.
        const other = [...carousel.querySelectorAll<HTMLButtonElement>('[data-carousel-step]')].find((b) => b !== button && !b.hidden);
        (other ?? row).focus();
      }
      button.hidden = hide;
    }
  };

  const init = () => {
    resizes?.disconnect();
    resizes = new ResizeObserver((entries) => {
      for (const entry of entries) update(entry.target.parentElement!);
    });
    for (const carousel of document.querySelectorAll<HTMLElement>('[data-carousel]')) {
      const row = carousel.querySelector<HTMLElement>('.card-row');
      if (!row) continue;
      if (!carousel.dataset.carouselReady) row.addEventListener('scroll', () => update(carousel), { passive: true });
      carousel.dataset.carouselReady = '1';
      resizes.observe(row);
      update(carousel);
    }
  };
  // Now for the page this script loaded with, and again after every page swap.
  init();
  document.addEventListener('astro:page-load', init);

  document.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-carousel-step]');
    const row = button?.closest('[data-carousel]')?.querySelector<HTMLElement>('.card-row');
    if (!button || !row) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // Most of a screenful, so the last card seen stays in view as a landmark.
    row.scrollBy({ left: Number(button.dataset.carouselStep) * row.clientWidth * 0.8, behavior: reduced ? 'auto' : 'smooth' });
  });
}
