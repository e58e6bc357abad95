// The PhoneBuddy agent protocol: tools, normalised actions, request building, output parsing
// and coordinate mapping. No dependencies: every other layer may import it.
export * from './tools';
export * from './action';
export * from './coords';
export * from './pyjson';
export * from './float-paths';
export * from './history';
export * from './messages';
export * from './lenient-json';
export * from './parse';
export { SYSTEM_PROMPT } from './system-prompt';
