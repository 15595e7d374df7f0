// The browser's API client (a shared singleton: one configuration and one inlined first data per
// page). The contract it speaks is @khela/api; sealed bodies are '@khela/api-client/seal'.
export * from './client';
export * from './cs-window';
export * from './inlined';
