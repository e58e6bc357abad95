import type { AppManifest } from '../app';
import { notesInfo } from './info';
import { seedNotes } from './seed';
import { NOTES_SCREENS } from './screens';

export const notesApp: AppManifest = {
  ...notesInfo,
  database: { ...notesInfo.database!, seed: seedNotes },
  home: 'list',
  screens: NOTES_SCREENS,
};
