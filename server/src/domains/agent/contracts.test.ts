import fc from 'fast-check';
import { CONTRACT_ACTIONS, CONTRACT_STATUSES, type ContractStatus } from '@khela/api/agent';
import type { FastifyInstance } from 'fastify';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';
import { supersede, transition, type Actor } from './contracts';

jest.setTimeout(120_000);

describe('the state machine', () => {
  it('OFFERED: the downline accepts or rejects, either party terminates; ACTIVE: only terminates; the ends are final', () => {
    expect(transition('OFFERED', 'ACCEPT', 'DOWNLINE')).toEqual({ status: 'ACTIVE', endReason: null });
    expect(transition('OFFERED', 'REJECT', 'DOWNLINE')).toEqual({ status: 'REJECTED', endReason: 'REJECTED' });
    expect(transition('OFFERED', 'TERMINATE', 'UPLINE')).toEqual({ status: 'TERMINATED', endReason: 'WITHDRAWN' });
    expect(transition('ACTIVE', 'TERMINATE', 'DOWNLINE')).toEqual({ status: 'TERMINATED', endReason: 'TERMINATED_BY_DOWNLINE' });
    expect(transition('OFFERED', 'ACCEPT', 'UPLINE')).toEqual({ refused: 'CONTRACT_STATE' });
    expect(transition('ACTIVE', 'ACCEPT', 'DOWNLINE')).toEqual({ refused: 'CONTRACT_STATE' });
    fc.assert(
      fc.property(
        fc.constantFrom<ContractStatus>('REJECTED', 'TERMINATED'),
        fc.constantFrom(...CONTRACT_ACTIONS),
        fc.constantFrom<Actor>('UPLINE', 'DOWNLINE'),
        (status, action, actor) => 'refused' in transition(status, action, actor),
      ),
    );
  });

  it('property: accepting ends exactly the same-kind, same-downline live contracts that pay less', () => {
    const contract = fc.record({
      id: fc.integer({ min: 1, max: 50 }),
      kind: fc.constantFrom('REALTIME' as const, 'DAILY' as const),
      downline_id: fc.integer({ min: 1, max: 3 }),
      rate_bp: fc.integer({ min: 1, max: 300 }),
      status: fc.constantFrom(...CONTRACT_STATUSES),
    });
    fc.assert(
      fc.property(contract, fc.array(contract, { maxLength: 12 }), (accepted, others) => {
        const r = supersede(accepted, others);
        const same = others.filter(
          (c) => c.id !== accepted.id && c.kind === accepted.kind && c.downline_id === accepted.downline_id,
        );
        if (same.some((c) => c.status === 'ACTIVE' && c.rate_bp >= accepted.rate_bp)) return 'refused' in r;
        if ('refused' in r) return false;
        const expected = same
          .filter((c) => ['ACTIVE', 'OFFERED'].includes(c.status) && c.rate_bp < accepted.rate_bp)
          .map((c) => c.id);
        return JSON.stringify(r.terminate) === JSON.stringify(expected);
      }),
    );
  });
});

describe('contracts through the API', () => {
  let t: TestDb & { app: FastifyInstance };
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApi({ settingsCacheMs: 0 });
  });
  afterAll(() => t.dispose());

  async function agent(upline?: string) {
    const account = `ct${Date.now().toString(36).slice(-4)}${++seq}`;
    await opsCall(t.app, 'POST', '/ops/members', { account, type: upline ? 2 : 1, ...(upline ? { upline } : {}) });
    const token = (await opsCall(t.app, 'POST', '/ops/sessions', { account })).body.value.token as string;
    return { account, token };
  }
  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: { authorization: token } });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the answer's JSON
    return { status: res.statusCode, body: res.json() as { value: any; errorCode?: string } };
  };
  const offer = (from: { token: string }, to: { account: string }, rateBp: number, kind = 'REALTIME') =>
    call(from.token, 'POST', '/wps/agent/contracts', { downline: to.account, kind, rateBp });

  it('offer → accept; a higher rate accepted ends the lower one (SUPERSEDED); a lower one is refused; reject and terminate', async () => {
    const up = await agent();
    const down = await agent(up.account);
    const low = (await offer(up, down, 50)).body.value;
    expect(low).toMatchObject({ status: 'OFFERED', mine: false, uplineAccount: up.account });
    // only the downline accepts
    expect((await call(up.token, 'POST', `/wps/agent/contracts/${low.id}`, { action: 'ACCEPT' })).body.errorCode).toBe(
      'CONTRACT_STATE',
    );
    expect((await call(down.token, 'POST', `/wps/agent/contracts/${low.id}`, { action: 'ACCEPT' })).body.value.status).toBe(
      'ACTIVE',
    );
    const high = (await offer(up, down, 80)).body.value;
    const lower = (await offer(up, down, 30)).body.value;
    // the original platform's call for the kind
    const accepted = await call(down.token, 'POST', '/wps/relay/MCSFE_processRealTimeSalaryContract', {
      id: high.id,
      action: 'ACCEPT',
    });
    expect(accepted.body.value.status).toBe('ACTIVE');
    const list = (await call(down.token, 'GET', '/wps/agent/contracts?kind=REALTIME')).body.value.list;
    const byId = Object.fromEntries(list.map((c: { id: number }) => [c.id, c]));
    expect(byId[low.id]).toMatchObject({ status: 'TERMINATED', endReason: 'SUPERSEDED', mine: true });
    expect(byId[lower.id]).toMatchObject({ status: 'TERMINATED', endReason: 'SUPERSEDED' });
    const again = (await offer(up, down, 60)).body.value;
    expect((await call(down.token, 'POST', `/wps/agent/contracts/${again.id}`, { action: 'ACCEPT' })).body.errorCode).toBe(
      'CONTRACT_RATE_NOT_HIGHER',
    );
    expect((await call(down.token, 'POST', `/wps/agent/contracts/${again.id}`, { action: 'REJECT' })).body.value.status).toBe(
      'REJECTED',
    );
    // a kind's call does not process another kind's contract
    expect(
      (await call(down.token, 'POST', '/wps/relay/MCSFE_processDailySalaryContract', { id: high.id, action: 'TERMINATE' })).body
        .errorCode,
    ).toBe('CONTRACT_NOT_FOUND');
    // the consolidated contract data: the active contract, while AGENTPOLICY3 is on
    const consolidated = (await call(down.token, 'GET', '/wps/member/info/funds/consolidated')).body.value;
    expect(consolidated).toMatchObject({
      enableSalary: true,
      enableContract: true,
      contracts: { realTimeSalary: { id: high.id, status: 'ACTIVE', rateBp: 80, uplineAccount: up.account }, dividend: null },
    });
    await opsCall(t.app, 'PUT', '/ops/whitelabel/AGENTPOLICY3', { enabled: false });
    try {
      expect((await call(down.token, 'GET', '/wps/member/info/funds/consolidated')).body.value).toMatchObject({
        enableSalary: false,
        contracts: { realTimeSalary: null },
      });
    } finally {
      await opsCall(t.app, 'PUT', '/ops/whitelabel/AGENTPOLICY3', { enabled: true });
    }
    expect((await call(up.token, 'POST', `/wps/agent/contracts/${high.id}`, { action: 'TERMINATE' })).body.value).toMatchObject({
      status: 'TERMINATED',
      endReason: 'TERMINATED_BY_UPLINE',
    });
  });

  it('offers go to the direct downline’s agents only, and never above the offerer’s own rate', async () => {
    const top = await agent();
    const mid = await agent(top.account);
    const low = await agent(mid.account);
    const stranger = await agent();
    expect((await offer(top, low, 10)).body.errorCode).toBe('NOT_IN_TEAM');
    expect((await offer(top, stranger, 10)).body.errorCode).toBe('NOT_IN_TEAM');
    const c = (await offer(top, mid, 100)).body.value;
    await call(mid.token, 'POST', `/wps/agent/contracts/${c.id}`, { action: 'ACCEPT' });
    expect((await offer(mid, low, 101)).body.errorCode).toBe('CONTRACT_RATE_TOO_HIGH');
    expect((await offer(mid, low, 100)).status).toBe(201);
    // another agent cannot touch the contract
    expect((await call(stranger.token, 'POST', `/wps/agent/contracts/${c.id}`, { action: 'TERMINATE' })).body.errorCode).toBe(
      'CONTRACT_NOT_FOUND',
    );
  });

  it('two accepts racing leave one ACTIVE contract of the kind', async () => {
    const up = await agent();
    const down = await agent(up.account);
    const a = (await offer(up, down, 40)).body.value;
    const b = (await offer(up, down, 70)).body.value;
    await Promise.all([
      call(down.token, 'POST', `/wps/agent/contracts/${a.id}`, { action: 'ACCEPT' }),
      call(down.token, 'POST', `/wps/agent/contracts/${b.id}`, { action: 'ACCEPT' }),
    ]);
    const list = (await call(down.token, 'GET', '/wps/agent/contracts')).body.value.list;
    expect(list.filter((c: { status: string }) => c.status === 'ACTIVE')).toHaveLength(1);
  });
});
