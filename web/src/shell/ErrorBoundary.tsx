import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import i18n from '../i18n';
import { collectError } from './logCollector';

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
    if (!this.state.error) return this.props.children;
    const isChunk = /dynamically imported module|Loading chunk|ChunkLoadError/i.test(this.state.error.message);
    return (
      <Result
        status="error"
        title={i18n.t('error.boundary')}
        subTitle={isChunk ? this.state.error.message : i18n.t('error.boundaryDesc')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {i18n.t('error.reload')}
          </Button>
        }
      />
    );
  }
}
