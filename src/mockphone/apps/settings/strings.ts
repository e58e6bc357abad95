import type { Strings } from '../app';

export const SETTINGS_STRINGS: Strings = {
  'en-US': {
    title: 'Settings', search: 'Search settings', network: 'Network & internet', networkSummary: 'Wi-Fi, airplane mode', connected: 'Connected devices',
    connectedSummary: 'Bluetooth', display: 'Display', displaySummary: 'Dark theme, font size, brightness', about: 'About phone', aboutSummary: '{model}',
    wifi: 'Wi-Fi', wifiOn: 'Connected to HomeNet', wifiOff: 'Off', airplane: 'Airplane mode', airplaneSummary: 'Turns off mobile, Wi-Fi and Bluetooth',
    bluetooth: 'Use Bluetooth', bluetoothSummary: 'Device name: {name}', darkTheme: 'Dark theme', darkSummary: 'Use a dark background',
    brightness: 'Brightness level', fontSize: 'Font size', fontSummary: '{size}', small: 'Small', default: 'Default', large: 'Large', largest: 'Largest',
    model: 'Model', android: 'Android version', serial: 'Serial number', deviceName: 'Device name', mobileData: 'Mobile data', mobileSummary: 'PhoneBuddy Mobile',
    preview: 'Preview: The quick brown fox jumps over the lazy dog.', on: 'On', off: 'Off', language: 'Languages', languageSummary: 'English (United States)',
  },
  'zh-CN': {
    title: '设置', search: '搜索设置', network: '网络和互联网', networkSummary: 'WLAN、飞行模式', connected: '已连接的设备',
    connectedSummary: '蓝牙', display: '显示', displaySummary: '深色主题、字体大小、亮度', about: '关于手机', aboutSummary: '{model}',
    wifi: 'WLAN', wifiOn: '已连接到 HomeNet', wifiOff: '已关闭', airplane: '飞行模式', airplaneSummary: '关闭移动网络、WLAN 和蓝牙',
    bluetooth: '使用蓝牙', bluetoothSummary: '设备名称：{name}', darkTheme: '深色主题', darkSummary: '使用深色背景',
    brightness: '亮度', fontSize: '字体大小', fontSummary: '{size}', small: '小', default: '默认', large: '大', largest: '最大',
    model: '型号', android: 'Android 版本', serial: '序列号', deviceName: '设备名称', mobileData: '移动数据', mobileSummary: 'PhoneBuddy 移动',
    preview: '预览：敏捷的棕色狐狸跳过了那只懒狗。', on: '开启', off: '关闭', language: '语言', languageSummary: '简体中文（中国）',
  },
};
