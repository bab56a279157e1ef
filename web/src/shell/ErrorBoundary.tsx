import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import i18n from '../i18n';
import { collectError } from './logCollector';

const ErrorFallback = lazy(() => import('./ErrorFallback'));

/** Shown when even the fallback's chunk cannot load (the network is gone). */
function PlainFallback({ error }: { error: Error }) {
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h3>{i18n.t('error.boundary')}</h3>
      <p>{error.message}</p>
      <button type="button" onClick={() => window.location.reload()}>{i18n.t('error.reload')}</button>
    </div>
  );
}

/** The fallback's own chunk failing to load must not throw past the boundary. */
class FallbackGuard extends Component<{ error: Error; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <PlainFallback error={this.props.error} /> : this.props.children;
  }
}

interface State {
  error: Error | null;
}

/** Catches render errors of a page, queues them in the client log and offers a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    collectError(error, info.componentStack ?? 'react');
  }

  componentDidUpdate(prev: { resetKey?: string }): void {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <FallbackGuard error={error}>
        <Suspense fallback={null}>
          <ErrorFallback error={error} />
        </Suspense>
      </FallbackGuard>
    );
  }
}
