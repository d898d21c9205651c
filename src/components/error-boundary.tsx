import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface Props {
  /** Changing it clears a caught error (the route changed). */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** Shows the fallback screen instead of a blank page when rendering throws. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    if (this.state.error) {
      return (
        <main id="main" className="page">
          <ErrorScreen status={this.state.error.message || 'Something went wrong.'} />
        </main>
      );
    }
    return this.props.children;
  }
}
