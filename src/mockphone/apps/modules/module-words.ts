// The few words the feed, comments, player, places, notifications and profile modules draw
// themselves (content-descs and dialog defaults), in the phone's locale, so a zh-CN app shows
// no English beside its own strings. An app's own texts (`@key`) override the defaults.
import type { Locale } from '../app';

const EN = {
  like: 'Like post by {author}', unlike: 'Unlike post by {author}', commentsOn: 'Comments on post by {author}', send: 'Send',
  play: 'Play', pause: 'Pause', previous: 'Previous', next: 'Next', map: 'Map',
  unread: 'Unread: {title}', markAllRead: 'Mark all as read', clearAll: 'Clear all', clearTitle: 'Clear all notifications?', clear: 'Clear', dismiss: 'Dismiss', cancel: 'Cancel',
};
type Word = keyof typeof EN;
const ZH: Record<Word, string> = {
  like: '赞{author}的动态', unlike: '取消赞{author}的动态', commentsOn: '评论{author}的动态', send: '发送',
  play: '播放', pause: '暂停', previous: '上一首', next: '下一首', map: '地图',
  unread: '未读：{title}', markAllRead: '全部标为已读', clearAll: '全部清除', clearTitle: '清除所有通知？', clear: '清除', dismiss: '忽略', cancel: '取消',
};

export function word(locale: Locale, w: Word, vars: Record<string, string> = {}): string {
  const s = (locale === 'zh-CN' ? ZH : EN)[w];
  return s.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}
