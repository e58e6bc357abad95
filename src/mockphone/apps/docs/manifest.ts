import type { AppManifest } from '../app';
import { DOCS_PACKAGE } from '../catalog-shared/share';
import { DOCS_SCHEMA } from './schema.sql';
import { DOCS_SCREENS } from './screens';
import { seedDocs } from './seed';
import { DOCS_STRINGS } from './strings';

export const docsApp: AppManifest = {
  package: DOCS_PACKAGE,
  label: { 'en-US': 'Docs', 'zh-CN': '腾讯文档' },
  icon: { glyph: 'article', bg: '#1E6FFF' },
  database: { file: 'docs.db', schema: DOCS_SCHEMA, seed: seedDocs },
  strings: DOCS_STRINGS,
  home: 'list',
  screens: DOCS_SCREENS,
};
