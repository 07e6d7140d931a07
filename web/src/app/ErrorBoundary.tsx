import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { ErrorPage } from './ErrorPage';

interface State {
  error: unknown;
}

/**
 * React's `onCaughtError` (main.tsx): the one report of what an error boundary caught. A refused API call
 * (ApiError) is an answer the page shows as the SPEC §2 error page, not a defect of the web app, so it is not
 * logged; the browser already lists the request itself.
 */
export function reportCaughtError(error: unknown, info: ErrorInfo): void {
  if (error instanceof ApiError) return;
  console.error(error, info.componentStack);
}

/** Catches render errors of a page and shows the SPEC §2 error page instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
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
