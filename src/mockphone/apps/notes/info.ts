// What the rest of the studio may know about this app without loading its screens (task
// files see package, name, schema and strings through src/studio's catalogue).
import type { AppInfo } from '../app';
import { NOTES_SCHEMA } from './schema.sql';
import { NOTES_STRINGS } from './strings';

export const notesInfo: AppInfo = {
  package: 'com.phonebuddy.notes',
  label: { 'en-US': 'Notes', 'zh-CN': '笔记' },
  icon: { glyph: 'note', bg: '#F9AB00' },
  database: { file: 'notes.db', schema: NOTES_SCHEMA },
  strings: NOTES_STRINGS,
};
