import { useEffect, useState } from 'react';

/** Milliseconds left until `target` (never negative), updated every second. */
export const useCountdown = (target: string | null): number | null => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!target) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  if (!target) return null;
  return Math.max(0, new Date(target).getTime() - now);
};

/** 83 000 ms → "1:23". */
export const formatCountdown = (ms: number): string => {
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
};
