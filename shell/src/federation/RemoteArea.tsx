import { Component, lazy, Suspense, useCallback, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '@khela/ui';
import { loadRemoteModule, prepareRetry, RemoteUnavailableError } from './remote-loader';
import type { RemoteName } from './remotes';

interface BoundaryProps {
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

/** Third layer: anything a remote throws while loading or rendering stays inside its area. */
class AreaBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error) {
    console.error('[khela] area failed', error);
  }
  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

function AreaUnavailable({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const timedOut = error instanceof RemoteUnavailableError && error.reason === 'timeout';
  return (
    <ErrorState
      testId="area-unavailable"
      message={t('area.unavailable')}
      hint={timedOut ? t('area.tooLong') : t('area.unavailableHint')}
      onRetry={onRetry}
    />
  );
}

type Props = Record<string, unknown>;

interface RemoteAreaProps {
  remote: RemoteName;
  /** exposed module name, without './' */
  module: string;
  props?: Props;
  /** what to show while the module arrives (default: the loading state) */
  loading?: ReactNode;
}

/**
 * Mounts one exposed module of a remote. A failure (404, abort, throw, time-out) shows the
 * translated "unavailable" view with a retry in this area only; retry makes a fresh lazy
 * component (React.lazy caches a rejection) after the runtime forgot the failed load.
 */
export function RemoteArea({ remote, module, props, loading }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  const Lazy = useMemo(
    () =>
      lazy(async () => {
        const mod = await loadRemoteModule<{ default: ComponentType<Props> }>(remote, module);
        return { default: mod.default };
      }),
    // attempt is the retry counter: a new value must make a new lazy component
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote, module, attempt],
  );
  const retry = useCallback(() => {
    prepareRetry(remote).then(() => setAttempt((n) => n + 1));
  }, [remote]);
  return (
    <section className="k-area" data-area={remote} data-testid={`area-${remote}`}>
      <AreaBoundary key={attempt} fallback={(error) => <AreaUnavailable error={error} onRetry={retry} />}>
        <Suspense fallback={loading ?? <Loading />}>
          <Lazy {...props} />
        </Suspense>
      </AreaBoundary>
    </section>
  );
}
