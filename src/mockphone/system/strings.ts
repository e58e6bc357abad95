// System UI strings (text selection menu, recents, toasts) per locale.
import type { Strings } from '../apps/app';

export const SYSTEM_STRINGS: Strings = {
  'en-US': {
    cut: 'Cut', copy: 'Copy', paste: 'Paste', selectAll: 'Select all', clearAll: 'Clear all', noRecents: 'No recent items',
    back: 'Back', home: 'Home', overview: 'Overview', copied: 'Copied', ok: 'OK', battery: 'Battery {pct} percent',
    wifi: 'Wi-Fi signal full', noWifi: 'Wi-Fi off', airplane: 'Airplane mode', signal: 'Phone signal full',
    on: 'On', off: 'Off', internet: 'Internet', darkTheme: 'Dark theme', brightness: 'Brightness', noNotifications: 'No notifications',
  },
  'zh-CN': {
    cut: '剪切', copy: '复制', paste: '粘贴', selectAll: '全选', clearAll: '全部清除', noRecents: '近期没有任何内容',
    back: '返回', home: '主屏幕', overview: '概览', copied: '已复制', ok: '确定', battery: '电池电量为百分之{pct}',
    wifi: 'WLAN 信号满格', noWifi: 'WLAN 已关闭', airplane: '飞行模式', signal: '手机信号满格',
    on: '开启', off: '关闭', internet: '互联网', darkTheme: '深色主题', brightness: '亮度', noNotifications: '没有通知',
  },
};
