// Member types as the platform defines them (agents 1, 2, 41, 42; trial 4; anything else a player):
// the contract's one list, which the server uses too.
export { AGENT_TYPES, isAgentType, isTrialType, TRIAL_TYPE } from '@khela/api/agent';
