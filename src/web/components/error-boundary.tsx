import { Component, type ReactNode } from 'react';
import { LoadFailed } from './page-states.tsx';

type State = { failed: boolean };

/**
 * What the guest start-ups (guest/mount.tsx) show when their page throws: the same state as the full
 * app's route error element (components/route-error.tsx), which they cannot use without the router.
 * React reports the error itself (createRoot's onCaughtError).
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <LoadFailed onRetry={() => window.location.reload()} back />;
  }
}
