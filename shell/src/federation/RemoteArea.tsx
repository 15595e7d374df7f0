import {
  Component,
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading, resolvedThenable } from '@khela/ui';
import { areaLoadStarted } from './area-activity';
import { takePreloadedArea } from './area-preload';
import { loadRemoteModule, prepareRetry, RemoteUnavailableError } from './remote-loader';
import { recordAreaError } from './rum';
import type { MountedModule, RemoteName } from './remotes';

interface BoundaryProps {
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
  /** a render error after the module loaded (not a failed load, which the loader counted) */
  onAreaError?: () => void;
}

/** Third layer: anything a remote throws while loading or rendering stays inside its area. */
class AreaBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error) {
    console.error('[khela] area failed', error);
    if (!(error instanceof RemoteUnavailableError)) this.props.onAreaError?.();
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

interface RemoteAreaProps<R extends RemoteName> {
  remote: R;
  /** exposed module name, without './' (one of MOUNTED_MODULES[remote]: the release gate checks them) */
  module: MountedModule<R>;
  props?: Props;
  /** what to show while the module arrives (default: the loading state) */
  loading?: ReactNode;
}

/**
 * Mounts one exposed module of a remote. Mounting is "entering the area": the loader first follows
 * the pointer, so a version released since the page loaded arrives here, without a reload; the
 * area keeps the version it loaded while it stays on screen (data-version names it).
 * A failure (404, abort, throw, time-out) shows the translated "unavailable" view with a retry in
 * this area only; retry makes a fresh lazy component (React.lazy caches a rejection) after the
 * runtime forgot the failed load.
 */
export function RemoteArea<R extends RemoteName>({ remote, module, props, loading }: RemoteAreaProps<R>) {
  const [attempt, setAttempt] = useState(0);
  // the boot's load of this area's module (the page's own area, on a member's page): its first mount only
  const [preload] = useState(() => takePreloadedArea(remote, module));
  const [version, setVersion] = useState<string | undefined>(preload?.loaded?.version);
  // read by the boundary the moment a loaded module throws (before the state above re-renders)
  const loadedVersion = useRef<string>(preload?.loaded?.version);
  const load = async () => {
    const ended = areaLoadStarted();
    try {
      const loaded =
        attempt === 0 && preload
          ? await preload.promise.catch(() => loadRemoteModule<{ default: ComponentType<Props> }, R>(remote, module))
          : await loadRemoteModule<{ default: ComponentType<Props> }, R>(remote, module);
      loadedVersion.current = loaded.version;
      // in a transition: an urgent update here would mount the whole area (it has just loaded) in
      // one render that never yields, a long task on a slow phone
      startTransition(() => setVersion(loaded.version));
      return { default: loaded.module.default };
    } finally {
      ended();
    }
  };
  const Lazy = useMemo(
    () =>
      lazy(() => {
        // already here: handed over synchronously (not through an async function, whose promise
        // always resolves later), so the area renders without suspending
        if (attempt === 0 && preload?.loaded) return resolvedThenable({ default: preload.loaded.module.default });
        return load();
      }),
    // attempt is the retry counter: a new value must make a new lazy component
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote, module, attempt],
  );
  const retry = useCallback(() => {
    prepareRetry(remote).then(() => setAttempt((n) => n + 1));
  }, [remote]);
  return (
    <section className="k-area" data-area={remote} data-version={version} data-testid={`area-${remote}`}>
      <AreaBoundary
        key={attempt}
        fallback={(error) => <AreaUnavailable error={error} onRetry={retry} />}
        onAreaError={() => recordAreaError(remote, loadedVersion.current)}
      >
        <Suspense fallback={loading ?? <Loading />}>
          <Lazy {...props} />
        </Suspense>
      </AreaBoundary>
    </section>
  );
}
