import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A CSS height that fills the screen from where the element starts down to the end of the page's
 * `<main>` room (its bottom padding leaves space for the tab bar), so the chat scrolls inside itself
 * with its header and input always in view. Measured, not hard-coded, so the layout can change.
 */
export function useFillHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [offset, setOffset] = useState(0);

  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      const main = element.closest('main');
      const below = main ? Number.parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
      setOffset(Math.round(top + below));
    };
    measure();
    // Opened straight from a link, the page still holds index.html's boot skeleton above the app when
    // this runs (it goes once React has rendered): measured again at the next frame, without it.
    const frame = requestAnimationFrame(measure);
    window.addEventListener('resize', measure);
    // Something above it came or went (the 'Sei offline' banner as the connection drops): the page grew.
    const page = new ResizeObserver(measure);
    page.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
      page.disconnect();
    };
  }, []);

  return { ref, height: `max(18rem, calc(100dvh - ${offset}px))` };
}
