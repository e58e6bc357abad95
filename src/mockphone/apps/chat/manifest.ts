import type { AppManifest } from '../app';
import { chatInfo } from './info';
import { CHAT_SCREENS } from './screens';
import { seedChat } from './seed';

export const chatApp: AppManifest = {
  ...chatInfo,
  database: { ...chatInfo.database!, seed: seedChat },
  home: 'main',
  screens: CHAT_SCREENS,
};
