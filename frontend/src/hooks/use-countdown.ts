import { useEffect, useState } from 'react';

import { numberText } from '@/lib/i18n/format';

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

/** 83 s → "1:23"; hours and days when needed ("2:05:09", "3d 4:00:00"); the days in the
 * interface language's short unit ("3 T" in German). */
export const formatDuration = (ms: number): string => {
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  const clock = hours > 0 || days > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
  return days > 0 ? `${numberText(days, { style: 'unit', unit: 'day', unitDisplay: 'narrow' })} ${clock}` : clock;
};
