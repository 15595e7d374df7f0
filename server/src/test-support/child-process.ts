import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(__dirname, '../../..');

/**
 * A second server instance for the exactly-once tests: a TypeScript script of the server run in a
 * child process on the same PostgreSQL schema, told what to do through its environment, reporting
 * progress as lines on stdout, and killed with SIGKILL mid-run.
 *
 * The script runs with tsx's loader in the child itself (`node --import tsx/loader`): tsx's CLI would
 * run it in a grandchild, which a kill of the child misses, so the "killed" instance would go on.
 */
export function startChild(script: string, env: Record<string, string | undefined>) {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--require',
      join(root, 'node_modules/tsx/dist/preflight.cjs'),
      '--import',
      pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
      script,
    ],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stderr: string[] = [];
  child.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));

  return {
    child,
    /** Resolves with the child's first stdout line matching `re`; rejects (with its stderr) if it exits first. */
    lineOf(re: RegExp): Promise<string> {
      return new Promise((resolve, reject) => {
        const lines = createInterface({ input: child.stdout! });
        lines.on('line', (l) => {
          if (!re.test(l)) return;
          lines.close();
          resolve(l);
        });
        child.once('exit', (code, signal) =>
          reject(new Error(`the child ended (${code ?? signal}) before ${re}\n${stderr.join('')}`)),
        );
      });
    },
    /** SIGKILLs the child; resolves with the signal it died of. */
    kill(): Promise<NodeJS.Signals | null> {
      child.kill('SIGKILL');
      return exited;
    },
    /** For afterAll: kills a child still running and lets go of its pipes. */
    dispose() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
  };
}

export type Child = ReturnType<typeof startChild>;
