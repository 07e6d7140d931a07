import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { ErrorPage } from './ErrorPage';

interface State {
  error: unknown;
}

/** Catches render errors of a page and shows the SPEC §2 error page instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof ApiError) return <ErrorPage status={error.status} text={error.message} />;
    return <ErrorPage />;
  }
}
