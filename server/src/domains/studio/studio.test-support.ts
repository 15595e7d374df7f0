import type { FastifyInstance } from 'fastify';
import { opsCall } from '../../test-support/test-db';
import { balanceOf } from '../wallet/ledger';

/** Helpers of the studio's tests: members with money, launches, studio calls. */
export function studioHelpers(getApp: () => FastifyInstance, prefix: string) {
  let seq = 0;
  const app = () => getApp();

  /** A member (type 0 player, 4 trial, 1 agent) with a storefront session, and `taka` in the main wallet. */
  async function member(opts: { type?: number; taka?: number } = {}) {
    const account = `${prefix}${++seq}`;
    const created = await opsCall(app(), 'POST', '/ops/members', { account, type: opts.type ?? 0 });
    expect(created.status).toBe(201);
    const session = await opsCall(app(), 'POST', '/ops/sessions', { account });
    const m = { id: created.body.value.id as number, account, token: session.body.value.token as string };
    if (opts.taka) await fund(m, opts.taka);
    return m;
  }
  type Member = Awaited<ReturnType<typeof member>>;

  async function fund(m: Member, taka: number) {
    const adj = await opsCall(app(), 'POST', '/ops/wallet/adjustments', {
      account: m.account,
      amount: String(Math.round(taka * 100)),
      reason: 'test funds',
      operator: 'test',
    });
    expect(adj.status).toBe(200);
  }

  /** Launches a game through the storefront's launch call; answers the HTTP answer and, when it has one, the game token. */
  async function launch(m: Member, gameCode: string, accountType: 0 | 1 = 1, extra = '') {
    const res = await app().inject({
      url: `/wps/game/launchGame?gameId=${gameCode}&accountType=${accountType}&language=EN${extra}`,
      headers: { authorization: m.token },
    });
    const body = res.json();
    const url: string | undefined = body.value?.content?.game_url;
    const token = url?.startsWith('/play/') ? new URL(url, 'http://x').searchParams.get('token')! : null;
    return { status: res.statusCode, body, url, token };
  }

  /** Launches and answers the game token (failing the test when there is none). */
  async function gameToken(m: Member, gameCode: string, accountType: 0 | 1 = 1) {
    const l = await launch(m, gameCode, accountType);
    expect(l.status).toBe(200);
    expect(l.token).toBeTruthy();
    return l.token!;
  }

  async function studio(method: 'GET' | 'POST' | 'PUT', url: string, token?: string | null, payload?: unknown) {
    const res = await app().inject({
      method,
      url: `/studio/v1${url}`,
      headers: token ? { 'x-game-token': token } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json() };
  }

  const play = (token: string, stake: string | number, params?: unknown) =>
    studio('POST', '/play', token, params === undefined ? { stake: String(stake) } : { stake: String(stake), params });

  const mainBalance = (m: Member) => balanceOf(app().db, m.id);

  return { member, fund, launch, gameToken, studio, play, mainBalance };
}

export const SLOT = 'KHELA_TIGER_REELS';
export const DICE = 'KHELA_DICE';
export const CARDS = 'KHELA_ANDAR_BAHAR';
