import { useEffect } from 'react';

/** A tab's title: the page's, then the site's name. */
export const pageTitle = (title: string | undefined) => (title ? `${title} · Arbiter` : 'Arbiter');

export const usePageTitle = (title: string | undefined) => {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
};
