/**
 * What the server refuses to start with in production (issue 15, hardening 8): the development
 * defaults that are fine on a laptop and wrong with real players. With NODE_ENV=production, each
 * one found is a reason; buildApi throws with all of them, so a deployment learns everything it
 * must fix at once. KHELA_PRODUCTION_CHECKS=off starts anyway (a staging box that knows what it does).
 */
export interface ProductionFacts {
  env: NodeJS.ProcessEnv;
  /** the database engine the server would run on */
  engine: 'pglite' | 'postgres';
  /** whether the Swagger UI page would be served */
  docsUi: boolean;
}

export function productionRefusals({ env, engine, docsUi }: ProductionFacts): string[] {
  if (env.NODE_ENV !== 'production' || env.KHELA_PRODUCTION_CHECKS === 'off') return [];
  const out: string[] = [];
  if (engine === 'pglite')
    out.push(
      'the embedded PGlite database: it runs PostgreSQL with fsync off, so an acknowledged write (a bet, a deposit) can be lost on a power cut; set DATABASE_URL',
    );
  if ((env.KHELA_SMS_PROVIDER || 'outbox').toLowerCase() === 'outbox')
    out.push('SMS to the development outbox: set KHELA_SMS_PROVIDER (http-sms)');
  if ((env.KHELA_EMAIL_PROVIDER || 'outbox').toLowerCase() === 'outbox')
    out.push('e-mail to the development outbox: set KHELA_EMAIL_PROVIDER (smtp)');
  if (!env.KHELA_SEAL_KEK)
    out.push('the sealed-body private key stored unencrypted: set KHELA_SEAL_KEK (32 bytes, base64 or hex)');
  const instances = Number(env.KHELA_INSTANCES || 1);
  if (instances > 1 && !env.REDIS_URL)
    out.push(
      `KHELA_INSTANCES=${instances} without REDIS_URL: rate limits, replay checks and live events would stay per instance`,
    );
  if (docsUi) out.push('the API docs page public at /wps/docs: set KHELA_DOCS=off');
  if (env.KHELA_DEV === '1' || env.KHELA_DEV_OUTBOX === '1') out.push('development switches (KHELA_DEV, KHELA_DEV_OUTBOX) on');
  if (!env.KHELA_OPS_KEY) out.push('no KHELA_OPS_KEY: the operator key would be generated into a file next to the data');
  return out;
}

export function assertProductionReady(facts: ProductionFacts): void {
  const reasons = productionRefusals(facts);
  if (reasons.length)
    throw new Error(
      `refusing to start in production with development defaults (KHELA_PRODUCTION_CHECKS=off overrides):\n- ${reasons.join('\n- ')}`,
    );
}
