/** Member types as the platform defines them: agents 1, 2, 41, 42; trial 4; anything else a player. */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];
export const TRIAL_TYPE = 4;

export const isAgentType = (type: number | null | undefined): boolean => type != null && AGENT_TYPES.includes(type);
export const isTrialType = (type: number | null | undefined): boolean => type === TRIAL_TYPE;
