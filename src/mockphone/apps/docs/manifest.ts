import type { AppManifest } from '../app';
import { docsInfo } from './info';
import { DOCS_SCREENS } from './screens';
import { seedDocs } from './seed';

export const docsApp: AppManifest = {
  ...docsInfo,
  database: { ...docsInfo.database!, seed: seedDocs },
  home: 'list',
  screens: DOCS_SCREENS,
};
