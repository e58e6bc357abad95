import type { AppManifest } from '../app';
import { NOTES_SCHEMA } from './schema.sql';
import { seedNotes } from './seed';
import { NOTES_SCREENS } from './screens';
import { NOTES_STRINGS } from './strings';

export const notesApp: AppManifest = {
  package: 'com.phonebuddy.notes',
  label: { 'en-US': 'Notes', 'zh-CN': '笔记' },
  icon: { glyph: 'note', bg: '#F9AB00' },
  database: { file: 'notes.db', schema: NOTES_SCHEMA, seed: seedNotes },
  strings: NOTES_STRINGS,
  home: 'list',
  screens: NOTES_SCREENS,
};
