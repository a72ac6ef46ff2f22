import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Anything a page throws lands here instead of a blank screen. */
export const RouteError = () => {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : 'Unknown error';
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-3 p-6">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p role="alert">{message}</p>
      <Link to="/" className="underline">
        Back to the events
      </Link>
    </main>
  );
};
