import { useEffect, useState } from 'react';

/** Background calls (the inbox, the badges' counts) wait this long: not to compete with the first screen. */
const SETTLE_MS = 1500;

/** True once the page has loaded and a moment has passed. */
export function useSettled() {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = () => {
      timer = setTimeout(() => setSettled(true), SETTLE_MS);
    };
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
    return () => {
      window.removeEventListener('load', wait);
      clearTimeout(timer);
    };
  }, []);
  return settled;
}
