import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';

type Props = { children: ReactNode; resetKey: string };
type State = { error: unknown; resetKey: string };

/** Anything a page throws (or a page chunk that fails to load) lands here instead of a blank
 * screen; moving to another address clears it. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

export const RouteError = ({ error }: { error: unknown }) => (
  <div className="mx-auto flex max-w-xl flex-col gap-3 p-6">
    <h1 className="text-2xl font-bold">Something went wrong</h1>
    <p role="alert">{error instanceof Error ? error.message : 'Unknown error'}</p>
    <Link to="/" className="underline">
      Back to the events
    </Link>
  </div>
);
