// What shows instead of a screen that could not be drawn: most often its code could not be downloaded (offline
// before the service worker held the app), said in the reader's language with a way to try again, instead of a
// blank page.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { isNetworkFailure } from '../lib/api-client';

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  const reason = t(isNetworkFailure(error) ? 'loadFailure.offline' : 'loadFailure.unexpected');
  return (
    <div className="flex flex-col items-start gap-3 py-6" data-testid="load-failed">
      <p role="alert" className="text-stone-800">
        {t('loadFailure.screen', { reason })}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {t('loadFailure.retry')}
      </Button>
    </div>
  );
}

/** Catches a failure under it; `resetKey` changing (another screen) draws the children again, Try again reloads. */
export class LoadBoundary extends Component<
  { resetKey?: string; children: ReactNode },
  { error: unknown; failed: boolean; key: string | undefined }
> {
  override state = { error: null as unknown, failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(
    props: { resetKey?: string },
    state: { failed: boolean; key: string | undefined },
  ) {
    return props.resetKey === state.key ? null : { error: null, failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The raw failure for whoever debugs; the reader gets the reason in their language.
    console.error('screen failed', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <LoadFailed
          error={this.state.error}
          // A load again: the browser remembers a module that failed to download for as long as the page lives
          // (and React.lazy its failure), so drawing the screen again would fail again without asking the network.
          onRetry={() => window.location.reload()}
        />
      );
    }
    return this.props.children;
  }
}
