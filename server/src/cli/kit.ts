/** The operator CLI's toolkit: the HTTP call with the operator key and the argument helpers. */
export interface OpsContext {
  baseUrl: string;
  opsKey: string;
  /** who is calling, sent as X-Operator for the audit log (KHELA_OPERATOR, else the login name) */
  operator?: string;
  print: (line: string) => void;
}

export class CliError extends Error {}

export async function call<T>(ctx: OpsContext, method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(ctx.baseUrl + path, {
      method,
      headers: {
        'X-Ops-Key': ctx.opsKey,
        ...(ctx.operator ? { 'X-Operator': ctx.operator } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new CliError(
      `cannot reach the server at ${ctx.baseUrl} (${(err as Error).message}); is it running? Set KHELA_API_URL otherwise.`,
    );
  }
  const answer = (await res.json().catch(() => null)) as {
    success?: boolean;
    value?: T;
    message?: string;
    errorCode?: string;
  } | null;
  if (!answer?.success) {
    throw new CliError(`${method} ${path} failed: HTTP ${res.status} ${answer?.errorCode ?? ''} ${answer?.message ?? ''}`.trim());
  }
  return answer.value as T;
}

export function flagOn(args: string[], name: string): boolean {
  const i = args.indexOf(name);
  if (i < 0) return false;
  args.splice(i, 1);
  return true;
}

export function onOff(word: string | undefined, what: string): boolean {
  if (word === 'on' || word === 'off') return word === 'on';
  throw new CliError(`${what}: expected "on" or "off"`);
}

export function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined) throw new CliError(`${name} needs a value`);
  args.splice(i, 2);
  return value;
}

/** One command: the words after its name, and the name it was called by. */
export type Command = (ctx: OpsContext, rest: string[], command: string) => Promise<void>;

/** A domain's commands and the lines of the usage text that describe them. */
export interface CommandSet {
  usage: string;
  commands: Record<string, Command>;
}
