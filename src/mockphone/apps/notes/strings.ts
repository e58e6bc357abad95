import type { Strings } from '../app';

export const NOTES_STRINGS: Strings = {
  'en-US': {
    label: 'Notes', search: 'Search your notes', newNote: 'New note', title: 'Title', note: 'Note', empty: 'Notes you add appear here',
    save: 'Save', delete: 'Delete', deleteTitle: 'Delete note?', deleteMessage: 'This note will be deleted permanently.', cancel: 'Cancel',
    deleted: 'Note deleted', saved: 'Note saved', edited: 'Edited {time}', pin: 'Pin', unpin: 'Unpin', pinned: 'Pinned', others: 'Others',
  },
  'zh-CN': {
    label: '笔记', search: '搜索笔记', newNote: '新建笔记', title: '标题', note: '笔记', empty: '您添加的笔记将显示在这里',
    save: '保存', delete: '删除', deleteTitle: '删除笔记？', deleteMessage: '此笔记将被永久删除。', cancel: '取消',
    deleted: '笔记已删除', saved: '笔记已保存', edited: '修改时间：{time}', pin: '置顶', unpin: '取消置顶', pinned: '已置顶', others: '其他',
  },
};
