import { useEffect } from 'react';

/** The site's name: a brand, the same in every language. */
export const SITE_NAME = 'Arbiter';

/** A tab's title: the page's (already translated), then the site's name. */
export const pageTitle = (title: string | undefined) => (title ? `${title} · ${SITE_NAME}` : SITE_NAME);

export const usePageTitle = (title: string | undefined) => {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
};
