import type { AuditEntry } from '../http/ops-audit';
import { call, CliError, option, type CommandSet } from './kit';

export const auditCommands: CommandSet = {
  usage: `  audit [--operator NAME] [--route /ops/...] [--outcome ok|refused|failed] [--limit N] [--before ID]
                                      the operators' audit log, newest first (every /ops call: who, from where,
                                      what, how it ended; the CLI names you by KHELA_OPERATOR or your login)`,
  commands: {
    audit: async (ctx, rest) => {
      const args = [...rest];
      const query = new URLSearchParams();
      for (const name of ['operator', 'route', 'outcome', 'limit', 'before']) {
        const value = option(args, `--${name}`);
        if (value !== undefined) query.set(name, value);
      }
      if (args.length) throw new CliError(`audit: unexpected ${args.join(' ')}`);
      const entries = await call<AuditEntry[]>(ctx, 'GET', `/ops/audit${query.size ? `?${query}` : ''}`);
      if (!entries.length) return ctx.print('no entries');
      for (const e of entries) {
        const outcome = e.outcome === 'ok' ? `${e.status}` : `${e.status} ${e.errorCode ?? e.outcome}`;
        ctx.print(
          `#${e.id} ${e.at.replace('T', ' ').slice(0, 19)}Z ${e.operator} from ${e.ip}: ${e.method} ${e.route} → ${outcome}` +
            (e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''),
        );
      }
    },
  },
};
