import { Trans, useLingui } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'wouter';

type Props = { children: ReactNode; resetKey: string };
/** `failed`, not `error`: a page may throw `undefined` or `null`. */
type State = { failed: boolean; error: unknown; resetKey: string };

/** Anything a page throws (or a page chunk that fails to load) lands here instead of a blank
 * screen; moving to another address clears it. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

export const RouteError = ({ error }: { error: unknown }) => {
  const { t } = useLingui();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-3 p-6">
      <h1 className="text-2xl font-bold">
        <Trans>Something went wrong</Trans>
      </h1>
      <p role="alert">{error instanceof Error ? error.message : t`Unknown error`}</p>
      <Link to="/" className="underline">
        <Trans>Back to the events</Trans>
      </Link>
    </div>
  );
};
