import { useEffect, useState } from 'react';
import type { EngineId } from '../lib/studio-api';
import type { EngineView } from './types';

/** Each engine's drawing is its own chunk: a slot page never downloads the card table. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each chunk's view is typed by its own engine
const LOADERS: Record<EngineId, () => Promise<{ view: EngineView<any, any, any> }>> = {
  slot: () => import(/* webpackChunkName: "engine-slot" */ './slot'),
  dice: () => import(/* webpackChunkName: "engine-dice" */ './dice'),
  andarbahar: () => import(/* webpackChunkName: "engine-andarbahar" */ './andarbahar'),
};

export const isEngineId = (id: unknown): id is EngineId => typeof id === 'string' && id in LOADERS;

export function loadEngine(id: EngineId): Promise<EngineView> {
  return LOADERS[id]().then((m) => m.view as EngineView);
}

export type EngineLoad = { view: EngineView; error?: undefined } | { view?: undefined; error?: unknown };

/** The engine's view, loaded on demand; `error` when its chunk failed (the page offers a retry). */
export function useEngine(id: EngineId | undefined): EngineLoad & { retry: () => void } {
  const [state, setState] = useState<EngineLoad>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!id) return;
    let live = true;
    setState({});
    loadEngine(id).then(
      (view) => live && setState({ view }),
      (error) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
