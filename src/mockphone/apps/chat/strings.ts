import type { Strings } from '../app';

export const CHAT_STRINGS: Strings = {
  'en-US': {
    title: 'Chat', chats: 'Chats', contacts: 'Contacts', discover: 'Discover', me: 'Me', moments: 'Moments', scan: 'Scan', shake: 'Shake',
    miniPrograms: 'Mini Programs', recent: 'Recently used', mine: 'My Mini Programs', send: 'Send', fileTransfer: 'File Transfer', soon: 'This mini program is not available',
    sendTo: 'Send to', sendToTitle: 'Send to {name}?', cancel: 'Cancel', sent: 'Sent', selectChat: 'Select a chat', messages: 'Messages', region: 'Region: {r}', wxid: 'ID: {id}',
    settings: 'Settings', favorites: 'Favorites', services: 'Services', searchHint: 'Search', yesterday: 'Yesterday',
  },
  'zh-CN': {
    title: '微信', chats: '微信', contacts: '通讯录', discover: '发现', me: '我', moments: '朋友圈', scan: '扫一扫', shake: '摇一摇',
    miniPrograms: '小程序', recent: '最近使用', mine: '我的小程序', send: '发送', fileTransfer: '文件传输助手', soon: '该小程序暂不可用',
    sendTo: '发送给', sendToTitle: '发送给 {name}？', cancel: '取消', sent: '已发送', selectChat: '选择一个聊天', messages: '发消息', region: '地区：{r}', wxid: '微信号：{id}',
    settings: '设置', favorites: '收藏', services: '服务', searchHint: '搜索', yesterday: '昨天',
  },
};

export const MINI_PROGRAMS: { key: string; zh: string; en: string; available: number; bg: string }[] = [
  { key: 'travel', zh: '同程旅行', en: 'Travel Hotels', available: 1, bg: '#00B2A9' },
  { key: 'food', zh: '美食外卖', en: 'Food Delivery', available: 0, bg: '#FFC300' },
  { key: 'bike', zh: '共享单车', en: 'Bike Share', available: 0, bg: '#1E88E5' },
  { key: 'movies', zh: '电影演出', en: 'Movie Tickets', available: 0, bg: '#E53935' },
  { key: 'express', zh: '快递查询', en: 'Parcel Tracking', available: 0, bg: '#8E24AA' },
];

export const CHAT_LINES: Record<string, string[][]> = {
  'en-US': [
    ['Are we still meeting on Saturday?', 'Yes, 10 am at the café', 'Great!'],
    ['Did you book the hotel for the trip?', 'Not yet, looking at options near Disney'],
    ['Sent you the photos', 'Thanks! They look amazing'],
    ['Happy birthday!', 'Thank you!!'],
    ['Lunch tomorrow?', 'Sure, noodles?', 'Deal'],
    ['Can you share the meeting notes?', 'Will do after the call'],
  ],
  'zh-CN': [
    ['周六还见面吗？', '见，上午十点咖啡馆', '好的'],
    ['出去玩的酒店订了吗？', '还没，在看迪士尼附近的'],
    ['照片发你了', '谢谢！拍得太好了'],
    ['生日快乐！', '谢谢！！'],
    ['明天一起吃午饭？', '好呀，吃面？', '就这么定了'],
    ['会议纪要能发我一下吗？', '开完会发你'],
  ],
};
