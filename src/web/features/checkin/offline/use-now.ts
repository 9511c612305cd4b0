import { useEffect, useState } from 'react';

/** The time, moved on every 30 s: relative times ("3 min ago") stay true on a screen left open at the door. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}
