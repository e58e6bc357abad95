import type { Strings } from '../app';

export const CONTACTS_STRINGS: Strings = {
  'en-US': {
    search: 'Search contacts', create: 'Create contact', favorites: 'Favorites', contacts: 'Contacts', empty: 'No contacts',
    noResults: 'No results for "{q}"', firstName: 'First name', lastName: 'Last name', phone: 'Phone', email: 'Email', company: 'Company',
    save: 'Save', cancel: 'Cancel', edit: 'Edit', delete: 'Delete', deleteTitle: 'Delete this contact?', deleteMessage: '{name} will be removed from your contacts.',
    call: 'Call', text: 'Text', favorite: 'Add to favorites', unfavorite: 'Remove from favorites', contactInfo: 'Contact info',
    saved: 'Contact saved', deleted: 'Contact deleted', editContact: 'Edit contact', needName: 'Enter a name or number', mobile: 'Mobile', more: 'More options',
  },
  'zh-CN': {
    search: '搜索联系人', create: '新建联系人', favorites: '收藏', contacts: '联系人', empty: '没有联系人',
    noResults: '找不到“{q}”的相关结果', firstName: '名字', lastName: '姓氏', phone: '电话', email: '电子邮件', company: '公司',
    save: '保存', cancel: '取消', edit: '修改', delete: '删除', deleteTitle: '要删除此联系人吗？', deleteMessage: '{name}将从您的联系人中移除。',
    call: '呼叫', text: '短信', favorite: '添加到收藏', unfavorite: '从收藏中移除', contactInfo: '联系信息',
    saved: '联系人已保存', deleted: '联系人已删除', editContact: '修改联系人', needName: '请输入姓名或号码', mobile: '手机', more: '更多选项',
  },
};
