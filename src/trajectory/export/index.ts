// SFT export of recorded episodes: formats, split, de-duplication, stats, validation.
export * from './formats';
export * from './export';
export * from './validate-export';
export { targetText, promptTools } from './target';
export { splitOf } from './split';
