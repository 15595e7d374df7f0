/**
 * The release tool: npm run release -- <command>
 *
 *   publish <name> [--dist <folder>]                      a build → an immutable version
 *   promote <name> <version> [--canary <percent>]         point <name> at the version (for a share of browsers)
 *   promote <name> <version> --canary 10 --auto           step the canary up while browsers report it healthy
 *   rollback <name> [--to <version>]                      back to the previous version (or a named one)
 *   drop <name>                                           end the canary of <name>
 *   status | history <name> | versions <name>             what is in use, what happened, what is published
 *   prune [--keep N] [--min-age 24h] [--dry-run]          delete versions nothing names any more
 *
 * Options of every change: --reason "…", --who <name>, --origin <url> (also check over HTTP),
 * --releases <folder> (default KHELA_RELEASES_DIR, else .releases in the repository).
 * Exit status: 0 done (or nothing to do), 1 refused (nothing changed), 2 wrong usage.
 */
import path from 'node:path';
import { LockTimeoutError } from './lock';
import { analyses, autoCanary, httpHealth } from './auto-canary';
import { DEFAULT_BOUNDS, DEFAULT_STEPS } from './analysis';
import { ReleaseRefusal } from './refusal';
import {
  dropCanary,
  history,
  parsePercent,
  promote,
  prune,
  rollback,
  status,
  versions,
  type Change,
  type ToolOptions,
} from './release-tool';
import { defaultReleasesDir, isReleaseName, publish, RELEASE_NAMES, type ReleaseName } from './releases';

const USAGE = `usage: npm run release -- <command> [options]

  publish <name> [--dist <folder>]               publish a build as an immutable version
  promote <name> <version> [--canary <percent>]  use a version (for all browsers, or a share of them)
  promote <name> <version> --canary 10 --auto    automatic canary: step up (--steps 10,25,50,100) every --interval
                                                 seconds (60) while the canary's load-failure and error rates stay
                                                 within --max-failure-delta / --max-error-delta points (2, 2) of the
                                                 stable version's, after --min-loads (50); roll back at once if not.
                                                 Reads the API's /ops/rum/health: --api <url> (KHELA_API_URL, default
                                                 http://127.0.0.1:8080) with KHELA_OPS_KEY
  rollback <name> [--to <version>]               go back to the previous version, or to <version>
  drop <name>                                    end the canary of <name>
  status                                         the versions in use
  history <name> [--limit N]                     the pointer changes of <name>, newest first
  versions <name>                                the published versions of <name>
  prune [--keep N] [--min-age 24h] [--dry-run]   delete versions no pointer or recent history names

  <name>: ${RELEASE_NAMES.join(', ')}
  options: --reason "…"  --who <name>  --origin <url> (check over HTTP too)  --releases <folder>`;

class UsageError extends Error {}

interface Args {
  positional: string[];
  flags: Map<string, string | true>;
}

const VALUED = new Set([
  'dist',
  'canary',
  'reason',
  'who',
  'to',
  'keep',
  'min-age',
  'origin',
  'releases',
  'limit',
  'steps',
  'interval',
  'max-failure-delta',
  'max-error-delta',
  'min-loads',
  'api',
]);
const BOOLEAN = new Set(['dry-run', 'help', 'json', 'auto']);

function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') continue;
    if (a === '-h') {
      flags.set('help', true);
      continue;
    }
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [key, inline] = a.slice(2).split(/=(.*)/s, 2);
    if (BOOLEAN.has(key)) flags.set(key, true);
    else if (VALUED.has(key)) {
      const value = inline ?? argv[++i];
      if (value === undefined || (inline === undefined && value.startsWith('--'))) throw new UsageError(`--${key} needs a value`);
      flags.set(key, value);
    } else throw new UsageError(`unknown option --${key}`);
  }
  return { positional, flags };
}

/** Paths on the command line are relative to where npm was run (npm run moves into deploy/). */
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

function nameArg(args: Args, index = 1): ReleaseName {
  const name = args.positional[index];
  if (!name) throw new UsageError(`which one? (${RELEASE_NAMES.join(', ')})`);
  if (!isReleaseName(name)) throw new UsageError(`"${name}" is neither the shell nor a remote (${RELEASE_NAMES.join(', ')})`);
  return name;
}

function durationMs(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/.exec(text.trim());
  if (!m) throw new UsageError(`--min-age takes a duration such as 0, 90m, 24h or 7d (got "${text}")`);
  const unit = { ms: 1, s: 1e3, m: 60e3, h: 3600e3, d: 86400e3 }[m[2] ?? 'h']!;
  return Number(m[1]) * unit;
}

function intArg(text: string, what: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${what} must be a whole number (got "${text}")`);
  return Number(text);
}

const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');
const pad = (s: string, n: number) => s.padEnd(n);

function printChange(c: Change): void {
  if (c.action === 'none') {
    console.log(`nothing to do: ${c.notes.join('; ')}`);
    return;
  }
  const what =
    c.action === 'canary'
      ? `${c.name}: canary ${c.to} for ${c.percent} % of browsers${c.from ? ` (was ${c.from})` : ''}`
      : c.action === 'drop'
        ? `${c.name}: canary ${c.from} (${c.percent} %) dropped; every browser loads ${c.name === 'shell' ? c.pointer.shell : c.pointer.remotes[c.name]?.version}`
        : `${c.name}: ${c.from ?? '(none)'} → ${c.to}${c.action === 'rollback' ? ' (rollback)' : ''}`;
  console.log(what);
  for (const n of c.notes) console.log(`  ${n}`);
  if (c.action === 'promote' || c.action === 'rollback') {
    console.log('  new page loads use it now; open tabs at their next navigation into the area');
  }
}

async function run(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const command = args.positional[0];
  if (!command || args.flags.has('help') || command === 'help') {
    console.log(USAGE);
    return command || args.flags.has('help') ? 0 : 2;
  }
  const flag = (k: string) => {
    const v = args.flags.get(k);
    return typeof v === 'string' ? v : undefined;
  };
  const opts: ToolOptions = {
    releasesDir: flag('releases') ? fromCaller(flag('releases')!) : defaultReleasesDir(),
    who: flag('who'),
    reason: flag('reason'),
    origin: flag('origin') ?? process.env.KHELA_ORIGIN_URL,
  };
  const allowed: Record<string, string[]> = {
    publish: ['dist', 'who', 'releases'],
    promote: [
      'canary',
      'reason',
      'who',
      'origin',
      'releases',
      'auto',
      'steps',
      'interval',
      'max-failure-delta',
      'max-error-delta',
      'min-loads',
      'api',
    ],
    rollback: ['to', 'reason', 'who', 'origin', 'releases'],
    drop: ['reason', 'who', 'releases'],
    status: ['releases', 'json'],
    history: ['limit', 'releases', 'json'],
    versions: ['releases', 'keep', 'json'],
    prune: ['keep', 'min-age', 'dry-run', 'releases'],
  };
  if (!allowed[command]) throw new UsageError(`unknown command "${command}"`);
  for (const k of args.flags.keys()) {
    if (!allowed[command].includes(k)) throw new UsageError(`${command} takes no --${k}`);
  }
  const extra =
    args.positional.length -
    ({ publish: 2, promote: 3, rollback: 2, drop: 2, status: 1, history: 2, versions: 2, prune: 1 } as Record<string, number>)[
      command
    ];
  if (extra > 0) throw new UsageError(`${command}: unexpected "${args.positional.slice(-extra).join(' ')}"`);

  switch (command) {
    case 'publish': {
      const name = nameArg(args);
      const r = await publish(name, opts.releasesDir, {
        dist: flag('dist') ? fromCaller(flag('dist')!) : undefined,
        who: opts.who,
      });
      console.log(
        r.created
          ? `published ${name} ${r.version} (package ${r.packageVersion}, ${r.files} files) at /${name === 'shell' ? 'shell' : `remotes/${name}`}/${r.version}/`
          : `${name} ${r.version} (package ${r.packageVersion}) is already published: nothing to do`,
      );
      console.log(
        `  next: npm run release -- promote ${name} ${r.version} --reason "…"${name === 'shell' ? '' : '  (or --canary 10)'}`,
      );
      return 0;
    }
    case 'promote': {
      const name = nameArg(args);
      const version = args.positional[2];
      if (!version) throw new UsageError(`promote ${name} which version? (npm run release -- versions ${name})`);
      const canary = flag('canary');
      if (args.flags.has('auto')) {
        if (name === 'shell' || canary === undefined) throw new UsageError('--auto needs a remote and --canary <first share>');
        const num = (k: string, def: number, min: number, max: number) => {
          const v = flag(k);
          const n = v === undefined ? def : Number(v);
          if (!Number.isFinite(n) || n < min || n > max) throw new UsageError(`--${k} must be a number from ${min} to ${max}`);
          return n;
        };
        const steps = flag('steps')
          ? flag('steps')!
              .split(',')
              .map((s) => Number(s.trim()))
          : [...DEFAULT_STEPS];
        if (steps.some((n, i) => !Number.isInteger(n) || n < 1 || n > 100 || (i > 0 && n <= steps[i - 1])))
          throw new UsageError('--steps: rising whole percentages from 1 to 100, e.g. 10,25,50,100');
        const opsKey = process.env.KHELA_OPS_KEY;
        if (!opsKey) throw new UsageError("--auto reads the browsers' reports from the API: set KHELA_OPS_KEY");
        const result = await autoCanary(name, version, {
          ...opts,
          start: parsePercent(canary),
          steps,
          intervalMs: num('interval', 60, 1, 3600) * 1000,
          bounds: {
            maxFailureDelta: num('max-failure-delta', DEFAULT_BOUNDS.maxFailureDelta, 0, 100),
            maxErrorDelta: num('max-error-delta', DEFAULT_BOUNDS.maxErrorDelta, 0, 100),
            minLoads: num('min-loads', DEFAULT_BOUNDS.minLoads, 1, 1_000_000),
          },
          health: httpHealth(flag('api') ?? process.env.KHELA_API_URL ?? 'http://127.0.0.1:8080', opsKey),
          log: (line) => console.log(line),
        });
        for (const c of result.changes) printChange(c);
        console.log(`${name} ${version}: ${result.outcome}: ${result.reason}`);
        return result.outcome === 'promoted' ? 0 : 1;
      }
      printChange(await promote(name, version, { ...opts, canary: canary === undefined ? undefined : parsePercent(canary) }));
      return 0;
    }
    case 'rollback': {
      printChange(await rollback(nameArg(args), { ...opts, to: flag('to') }));
      return 0;
    }
    case 'drop': {
      printChange(await dropCanary(nameArg(args), opts));
      return 0;
    }
    case 'status': {
      const s = await status(opts);
      if (args.flags.has('json')) {
        console.log(JSON.stringify({ ...s, analyses: await analyses(opts.releasesDir) }, null, 2));
        return 0;
      }
      console.log(`releases: ${s.releasesDir}`);
      console.log(`${pad('name', 14)}${pad('version', 14)}${pad('package', 10)}${pad('canary', 22)}last change`);
      for (const r of s.rows) {
        const canary = r.canary ? `${r.canary.version} ${r.canary.percent} %` : '-';
        const last = r.last
          ? `${r.last.action} ${when(r.last.at)} by ${r.last.who}${r.last.reason ? `: ${r.last.reason}` : ''}`
          : '-';
        console.log(
          `${pad(r.name, 14)}${pad(r.version ?? '(none)', 14)}${pad(r.packageVersion ?? '?', 10)}${pad(canary, 22)}${last}`,
        );
      }
      const running = await analyses(opts.releasesDir);
      if (running.length) {
        console.log('\nautomatic canary analysis:');
        for (const a of running) {
          console.log(
            `  ${a.name} ${a.version} vs ${a.stable ?? '(none)'}: ${a.status} at ${a.percent} %` +
              (a.last ? ` (last ${when(a.last.at)}: ${a.last.action}: ${a.last.reason})` : ''),
          );
        }
      }
      return 0;
    }
    case 'history': {
      const name = nameArg(args);
      const limit = flag('limit') ? intArg(flag('limit')!, '--limit') : 20;
      const entries = (await history(name, opts)).reverse().slice(0, limit);
      if (args.flags.has('json')) {
        console.log(JSON.stringify(entries, null, 2));
        return 0;
      }
      if (!entries.length) console.log(`${name} has no history yet`);
      for (const e of entries) {
        const change =
          e.action === 'canary'
            ? `canary ${e.to} ${e.percent} %${e.from ? ` (replaced ${e.from})` : ''}`
            : e.action === 'drop'
              ? `canary ${e.from} dropped`
              : `${e.action} ${e.from ?? '(none)'} → ${e.to}`;
        console.log(`${when(e.at)}  ${pad(e.who, 12)} ${change}${e.reason ? `  "${e.reason}"` : ''}`);
      }
      return 0;
    }
    case 'versions': {
      const name = nameArg(args);
      const rows = await versions(name, { ...opts, keep: flag('keep') ? intArg(flag('keep')!, '--keep') : undefined });
      if (args.flags.has('json')) {
        console.log(JSON.stringify(rows, null, 2));
        return 0;
      }
      if (!rows.length) console.log(`${name} has no published version (npm run release -- publish ${name})`);
      for (const r of rows) {
        const meta = r.meta
          ? `package ${r.meta.packageVersion}, published ${when(r.meta.publishedAt)} by ${r.meta.publishedBy}`
          : 'no release record';
        console.log(`${pad(r.version, 14)}${pad(meta, 64)}${r.marks.join(', ')}`);
      }
      return 0;
    }
    case 'prune': {
      const report = await prune({
        ...opts,
        keep: flag('keep') ? intArg(flag('keep')!, '--keep') : undefined,
        minAgeMs: flag('min-age') ? durationMs(flag('min-age')!) : undefined,
        dryRun: args.flags.has('dry-run'),
      });
      const verb = args.flags.has('dry-run') ? 'would delete' : 'deleted';
      for (const d of report.deleted) console.log(`${verb} ${d.name} ${d.version}`);
      console.log(
        `${verb} ${report.deleted.length} version(s), kept ${report.kept.length}` +
          (report.cleaned
            ? `, ${report.cleaned} abandoned temporary folder(s) ${args.flags.has('dry-run') ? 'to clean' : 'cleaned'}`
            : ''),
      );
      const why = new Map<string, number>();
      for (const k of report.kept) why.set(k.why, (why.get(k.why) ?? 0) + 1);
      for (const [w, n] of why) console.log(`  kept ${n}: ${w}`);
      return 0;
    }
  }
  return 2;
}

// output piped into head & co.: stop quietly when the reader goes away
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

const started = performance.now();
run(process.argv.slice(2))
  .then((code) => {
    if (code === 0) console.log(`(${Math.round(performance.now() - started)} ms)`);
    process.exitCode = code;
  })
  .catch((err) => {
    if (err instanceof UsageError) {
      console.error(`error: ${err.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else if (err instanceof ReleaseRefusal) {
      console.error('refused, nothing was changed:');
      for (const p of err.problems) console.error(`  - ${p.message}\n    what to do: ${p.hint}`);
      process.exitCode = 1;
    } else if (err instanceof LockTimeoutError) {
      console.error(`refused, nothing was changed: ${err.message}`);
      console.error(
        `  what to do: wait for it to finish and run the command again; if that process is gone, the lock is taken over after KHELA_RELEASE_LOCK_STALE_MS (or delete ${err.file})`,
      );
      process.exitCode = 1;
    } else {
      console.error(`failed: ${(err as Error).stack ?? err}`);
      process.exitCode = 3;
    }
  });
