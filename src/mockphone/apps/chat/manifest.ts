import type { AppManifest } from '../app';
import { CHAT_PACKAGE } from '../catalog-shared/share';
import { CHAT_SCHEMA } from './schema.sql';
import { CHAT_SCREENS } from './screens';
import { seedChat } from './seed';
import { CHAT_STRINGS } from './strings';

export const chatApp: AppManifest = {
  package: CHAT_PACKAGE,
  label: { 'en-US': 'Chat', 'zh-CN': '微信' },
  icon: { glyph: 'forum', bg: '#07C160' },
  database: { file: 'chat.db', schema: CHAT_SCHEMA, seed: seedChat },
  strings: CHAT_STRINGS,
  home: 'main',
  screens: CHAT_SCREENS,
};
