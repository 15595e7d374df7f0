import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, signBody, signatureMatches } from '../wallet/signature';

interface Transfer {
  player: string;
  direction: 'IN' | 'OUT';
  amount: bigint;
  state: 'SUCCESS' | 'FAILED';
  code?: string;
}

/**
 * A vendor's transfer API for tests, speaking the protocol of vendors/http.ts: signed bodies both
 * ways, transfers keyed by reference, balances per player. Its misbehaviour is set per call:
 * `hangNext('transfer')` applies the next transfer but holds its answer until `release()` (the
 * platform's time-out fires first), `dropNext('transfer')` never applies it and holds the answer,
 * `refuseNext(code)`, `unsignedNext()`, and `hangNext('status')` / `hangNext('balance')`.
 */
export class FakeVendor {
  readonly balances = new Map<string, bigint>();
  readonly transfers = new Map<string, Transfer>();
  readonly calls: { path: string; body: Record<string, unknown> }[] = [];
  private server: Server | null = null;
  private held: (() => void)[] = [];
  private plan: { hang: Set<string>; drop: Set<string>; refuse: string | null; unsigned: boolean } = {
    hang: new Set(),
    drop: new Set(),
    refuse: null,
    unsigned: false,
  };

  constructor(readonly secret: string) {}

  hangNext(path: 'transfer' | 'status' | 'balance') {
    this.plan.hang.add(path);
  }
  dropNext() {
    this.plan.drop.add('transfer');
  }
  refuseNext(code: string) {
    this.plan.refuse = code;
  }
  unsignedNext() {
    this.plan.unsigned = true;
  }
  /** Sends the answers held back (to a platform that stopped waiting). */
  release() {
    for (const send of this.held.splice(0)) send();
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/khela/`;
  }

  async stop(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private answer(res: ServerResponse, body: object, unsigned = false) {
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!unsigned) headers[SIGNATURE_HEADER] = signBody(this.secret, raw);
    if (!res.destroyed) res.writeHead(200, headers).end(raw);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').replace(/^\/khela\//, '');
    const body = JSON.parse(raw) as Record<string, string>;
    this.calls.push({ path, body });
    if (!signatureMatches([this.secret], raw, req.headers[SIGNATURE_HEADER] as string | undefined)) {
      return this.answer(res, { status: 'INVALID_SIGNATURE' });
    }
    const key = path === 'transfer/status' ? 'status' : path;
    const hang = this.plan.hang.delete(key);
    const unsigned = this.plan.unsigned;
    this.plan.unsigned = false;
    let reply: object;
    if (path === 'balance') {
      reply = { status: 'OK', balance: (this.balances.get(body.player) ?? BigInt(0)).toString() };
    } else if (path === 'transfer') {
      const drop = this.plan.drop.delete('transfer');
      if (drop) {
        this.held.push(() => this.answer(res, { status: 'OK' }));
        return;
      }
      reply = this.transfer(body);
    } else if (path === 'transfer/status') {
      const t = this.transfers.get(body.reference);
      reply = t
        ? { status: 'OK', state: t.state, code: t.code, balance: (this.balances.get(t.player) ?? BigInt(0)).toString() }
        : { status: 'OK', state: 'NOT_FOUND' };
    } else {
      res.writeHead(404).end();
      return;
    }
    if (hang) this.held.push(() => this.answer(res, reply, unsigned));
    else this.answer(res, reply, unsigned);
  }

  private transfer(body: Record<string, string>): object {
    const seen = this.transfers.get(body.reference);
    const balance = () => (this.balances.get(body.player) ?? BigInt(0)).toString();
    if (seen) return seen.state === 'SUCCESS' ? { status: 'OK', balance: balance() } : { status: seen.code, balance: balance() };
    const amount = BigInt(body.amount);
    const refuse = this.plan.refuse;
    this.plan.refuse = null;
    const held = this.balances.get(body.player) ?? BigInt(0);
    const code = refuse ?? (body.direction === 'OUT' && held < amount ? 'INSUFFICIENT_FUNDS' : null);
    const t: Transfer = {
      player: body.player,
      direction: body.direction as 'IN' | 'OUT',
      amount,
      state: code ? 'FAILED' : 'SUCCESS',
    };
    if (code) t.code = code;
    else this.balances.set(body.player, held + (body.direction === 'IN' ? amount : -amount));
    this.transfers.set(body.reference, t);
    return code ? { status: code, balance: balance() } : { status: 'OK', balance: balance() };
  }
}
