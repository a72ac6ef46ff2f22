import { setupServer } from 'msw/node';

/** One MSW server for the test run; each test installs the handlers it needs. */
export const server = setupServer();
