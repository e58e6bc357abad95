// What the rest of the studio may know about this app without loading its screens (task
// files see package, name, schema and strings through src/studio's catalogue).
import type { AppInfo } from '../app';

export const LAUNCHER_PACKAGE = 'com.phonebuddy.launcher';

export const launcherInfo: AppInfo = {
  package: LAUNCHER_PACKAGE,
  label: { 'en-US': 'Launcher', 'zh-CN': '启动器' },
  icon: { glyph: 'apps', bg: '#5F6368' },
  hidden: true,
  strings: {
    'en-US': { search: 'Search', today: '{date}', searchApps: 'Search apps', noApps: 'No apps found' },
    'zh-CN': { search: '搜索', today: '{date}', searchApps: '搜索应用', noApps: '未找到应用' },
  },
};
