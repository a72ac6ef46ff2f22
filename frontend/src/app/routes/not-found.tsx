import { Link } from 'react-router';

import { usePageTitle } from '@/hooks/use-page-title';

export const NotFoundRoute = () => {
  usePageTitle('Page not found');
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link to="/" className="self-start underline">
        Back to the events
      </Link>
    </div>
  );
};
