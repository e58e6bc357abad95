import type { AppManifest } from '../app';
import { compileAppSpec } from '../modules/compile';
import { notesInfo } from './info';
import { NOTES_SPEC } from './notes.app';
import { seedNotes } from './seed';

/** Notes' screens are the list and form modules (notes.app.ts); its seed is seed.ts. */
export const notesApp: AppManifest = {
  ...notesInfo,
  database: { ...notesInfo.database!, seed: seedNotes },
  home: 'list',
  screens: compileAppSpec(NOTES_SPEC).screens,
};
