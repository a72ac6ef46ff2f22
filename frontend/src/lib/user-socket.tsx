import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';

import { connectMe, type UserSocketMessage } from '@/lib/ws-client';

type Listener = (message: UserSocketMessage) => void;
type Subscribe = (listener: Listener) => () => void;

const UserSocketContext = createContext<Subscribe | null>(null);

/** One `/ws/me/` socket for the whole app while a user is signed in; every feature listens on
 * it (the server counts sockets per user: one tab should hold one). */
export const UserSocketProvider = ({ signedIn, children }: { signedIn: boolean; children: ReactNode }) => {
  const listeners = useRef(new Set<Listener>());
  useEffect(() => {
    if (!signedIn) return;
    const connection = connectMe({ onMessage: (message) => listeners.current.forEach((listener) => listener(message)) });
    return () => connection.close();
  }, [signedIn]);
  const subscribe = useMemo<Subscribe>(
    () => (listener) => {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
    [],
  );
  return <UserSocketContext.Provider value={subscribe}>{children}</UserSocketContext.Provider>;
};

/** The user's socket messages, while `enabled`. Outside a provider (a component rendered on its
 * own, as in unit tests) it opens a socket of its own. */
export const useUserSocket = (listener: Listener, enabled = true) => {
  const subscribe = useContext(UserSocketContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!enabled) return;
    const forward: Listener = (message) => latest.current(message);
    if (subscribe) return subscribe(forward);
    const connection = connectMe({ onMessage: forward });
    return () => connection.close();
  }, [subscribe, enabled]);
};
