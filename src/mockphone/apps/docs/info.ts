// What the rest of the studio may know about this app without loading its screens (task
// files see package, name, schema and strings through src/studio's catalogue).
import type { AppInfo } from '../app';
import { DOCS_SCHEMA } from './schema.sql';
import { DOCS_STRINGS } from './strings';

export const DOCS_PACKAGE = 'com.phonebuddy.docs';

export const docsInfo: AppInfo = {
  package: DOCS_PACKAGE,
  label: { 'en-US': 'Docs', 'zh-CN': '腾讯文档' },
  icon: { glyph: 'article', bg: '#1E6FFF' },
  database: { file: 'docs.db', schema: DOCS_SCHEMA },
  strings: DOCS_STRINGS,
};
