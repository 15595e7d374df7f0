import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ApiError, guardOps, ok } from '@khela/server';
import { analyses } from './auto-canary';
import { dropCanary, promote, rollback, status, versions, type Change } from './release-tool';
import { isReleaseName, REMOTES, repoRoot, type ReleaseName } from './releases';
import { ReleaseRefusal } from './refusal';

/**
 * The operators' release page (issue 18): /ops/releases, a page of its own (plain script, no
 * storefront code) with each remote's versions in use, canary share and analysis, and per version
 * its load-failure rate, error rate and web-vital p75 over time as uPlot charts; promote, rollback
 * and drop call the release tool's own functions, as the CLI does. The page itself holds nothing:
 * its data and actions need the operator key (X-Ops-Key), which the operator types in.
 */

const PAGE_DIR = path.join(repoRoot, 'deploy', 'ops-page');
const UPLOT_DIR = path.dirname(require.resolve('uplot/dist/uPlot.iife.min.js'));
const ASSETS: Record<string, [string, string]> = {
  'app.js': [path.join(PAGE_DIR, 'app.js'), 'text/javascript; charset=utf-8'],
  'app.css': [path.join(PAGE_DIR, 'app.css'), 'text/css; charset=utf-8'],
  'uplot.js': [path.join(UPLOT_DIR, 'uPlot.iife.min.js'), 'text/javascript; charset=utf-8'],
  'uplot.css': [path.join(UPLOT_DIR, 'uPlot.min.css'), 'text/css; charset=utf-8'],
  // the storefront's own Bengali face (the shell ships it), so the page reads on any machine
  'bengali.woff2': [
    path.join(repoRoot, 'shell/node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2'),
    'font/woff2',
  ],
};

export interface OpsPageOptions {
  releasesDir?: string;
}

const summary = (c: Change) => ({
  name: c.name,
  action: c.action,
  from: c.from,
  to: c.to,
  percent: c.percent ?? null,
  notes: c.notes,
});

export const opsReleasePage: FastifyPluginAsync<OpsPageOptions> = async (app: FastifyInstance, opts) => {
  const toolOpts = (who: string, reason?: string) => ({ releasesDir: opts.releasesDir, who: `ops-page:${who}`, reason });

  app.get('/ops/releases', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .header('X-Frame-Options', 'DENY')
      .type('text/html; charset=utf-8')
      .send(await readFile(path.join(PAGE_DIR, 'index.html'))),
  );
  app.get<{ Params: { file: string } }>('/ops/releases/assets/:file', { schema: { hide: true } }, async (req, reply) => {
    const asset = ASSETS[req.params.file];
    if (!asset) throw new ApiError(404, 'NOT_FOUND', 'No such file');
    return reply
      .header('Cache-Control', 'no-cache')
      .type(asset[1])
      .send(await readFile(asset[0]));
  });

  await app.register(async (ops) => {
    guardOps(ops);
    ops.get('/ops/releases/data', { schema: { hide: true } }, async () => {
      const s = await status({ releasesDir: opts.releasesDir });
      const published: Record<string, { version: string; at: string | null; marks: string[] }[]> = {};
      for (const name of REMOTES) {
        published[name] = (await versions(name, { releasesDir: opts.releasesDir }))
          .map((v) => ({ version: v.version, at: v.meta?.publishedAt ?? null, marks: v.marks }))
          .sort((a, b) => String(b.at).localeCompare(String(a.at)))
          .slice(0, 8);
      }
      return ok({ rows: s.rows, analyses: await analyses(opts.releasesDir ?? s.releasesDir), published });
    });

    ops.post<{
      Params: { name: string; action: 'promote' | 'rollback' | 'drop' };
      Body: { operator: string; reason: string; version?: string; canary?: number };
    }>(
      '/ops/releases/:name/:action',
      {
        schema: {
          hide: true,
          params: {
            type: 'object',
            required: ['name', 'action'],
            properties: { name: { type: 'string' }, action: { type: 'string', enum: ['promote', 'rollback', 'drop'] } },
          },
          body: {
            type: 'object',
            required: ['operator', 'reason'],
            additionalProperties: false,
            properties: {
              operator: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' },
              reason: { type: 'string', minLength: 3, maxLength: 300, pattern: '\\S' },
              version: { type: 'string', pattern: '^[A-Za-z0-9_][A-Za-z0-9_.-]{3,63}$' },
              canary: { type: 'integer', minimum: 1, maximum: 99 },
            },
          },
        },
      },
      async (req) => {
        const name = req.params.name;
        if (!isReleaseName(name)) throw new ApiError(404, 'NOT_FOUND', `No release named ${name}`);
        const o = toolOpts(req.body.operator, req.body.reason);
        try {
          let change: Change;
          if (req.params.action === 'promote') {
            if (!req.body.version) throw new ApiError(400, 'VALIDATION_ERROR', 'promote needs a version');
            change = await promote(name as ReleaseName, req.body.version, { ...o, canary: req.body.canary });
          } else if (req.params.action === 'rollback') change = await rollback(name as ReleaseName, o);
          else change = await dropCanary(name as ReleaseName, o);
          return ok(summary(change));
        } catch (err) {
          if (err instanceof ReleaseRefusal) {
            throw new ApiError(409, 'RELEASE_REFUSED', err.message, { problems: err.problems });
          }
          throw err;
        }
      },
    );
  });
};
