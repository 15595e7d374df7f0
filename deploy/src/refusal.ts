/** One reason the release tool will not do something, and what the operator can do about it. */
export interface Problem {
  message: string;
  hint: string;
}

/** The tool refused: nothing was changed. The CLI prints every problem and exits non-zero. */
export class ReleaseRefusal extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem | Problem[]) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(list.map((p) => p.message).join('; '));
    this.name = 'ReleaseRefusal';
    this.problems = list;
  }
}

export function refuse(message: string, hint: string): never {
  throw new ReleaseRefusal({ message, hint });
}
