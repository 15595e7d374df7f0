import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import { ENGINES, playRound, type EngineId, type EngineMap, type Outcome } from '@khela/games-math';
import { nodeHmac } from '@khela/games-math/node';
import '../i18n';

// findBy…/waitFor wait for the page, not for a clock: give a loaded machine room
configure({ asyncUtilTimeout: 5000 });

export const SERVER_SEED = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
export const CLIENT_SEED = 'test-client';

export async function useLanguage(lang: 'en' | 'bn') {
  await initI18n('EN');
  await i18n.changeLanguage(lang);
}

/** A real round of an engine (the studio's math), for rendering known outcomes. */
export async function roundOf<O extends Outcome>(engine: EngineId, nonce: number, params?: unknown, stake = 1000n) {
  const played = await playRound(nodeHmac, engine, { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce }, params, stake);
  return { ...played, outcome: played.outcome as O, stake };
}

/** The first nonce from `from` whose round satisfies `pick`. */
export async function findRound<O extends Outcome>(engine: EngineId, pick: (o: O) => boolean, params?: unknown, from = 0) {
  for (let nonce = from; nonce < from + 500; nonce++) {
    const r = await roundOf<O>(engine, nonce, params);
    if (pick(r.outcome)) return { ...r, nonce };
  }
  throw new Error('no such round in 500 nonces');
}

export const configOf = <E extends EngineId>(engine: E): EngineMap[E]['config'] => ENGINES[engine].config;

/** Makes the page say whether the player wants less motion (jsdom has no matchMedia). */
export function setReducedMotion(reduce: boolean | undefined) {
  if (reduce === undefined) {
    delete (window as { matchMedia?: unknown }).matchMedia;
    return;
  }
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

export function renderAt(ui: ReactNode, path = '/', route = '*') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={route} element={ui} />
      </Routes>
    </MemoryRouter>,
  );
}
