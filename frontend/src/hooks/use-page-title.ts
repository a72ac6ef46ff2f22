import { useEffect } from 'react';

export const usePageTitle = (title: string | undefined) => {
  useEffect(() => {
    document.title = title ? `${title} · Arbiter` : 'Arbiter';
  }, [title]);
};
