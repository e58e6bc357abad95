import type { Strings } from '../app';

export const DOCS_STRINGS: Strings = {
  'en-US': {
    title: 'Docs', search: 'Search documents', recent: 'Recent', newDoc: 'New document', untitled: 'Untitled document',
    titleHint: 'Title', bodyHint: 'Start typing…', share: 'Share', more: 'More', rename: 'Rename', delete: 'Delete', cancel: 'Cancel',
    save: 'Save', deleteTitle: 'Delete this document?', deleted: 'Document deleted', renamed: 'Renamed', empty: 'No documents',
    edited: 'Edited {time}', saved: 'Saved', importTitle: 'Save to Docs', create: 'Create document', linkText: '{title} — shared from Docs: https://docs.example.com/d/{id}',
    words: '{n} characters',
  },
  'zh-CN': {
    title: '腾讯文档', search: '搜索文档', recent: '最近浏览', newDoc: '新建文档', untitled: '无标题文档',
    titleHint: '标题', bodyHint: '请输入正文', share: '分享', more: '更多', rename: '重命名', delete: '删除', cancel: '取消',
    save: '保存', deleteTitle: '删除此文档？', deleted: '文档已删除', renamed: '已重命名', empty: '暂无文档',
    edited: '{time} 编辑', saved: '已保存', importTitle: '保存到腾讯文档', create: '新建文档', linkText: '【腾讯文档】{title} https://docs.example.com/d/{id}',
    words: '{n} 字',
  },
};

export const SEED_DOCS: Record<string, [string, string][]> = {
  'en-US': [
    ['Q3 Marketing Plan', 'Goals: grow sign-ups 20%.\nChannels: search, partner newsletters, campus events.\nBudget: $40k.'],
    ['Team Offsite Agenda', '09:30 Welcome\n10:00 Strategy review\n12:00 Lunch\n14:00 Workshops\n17:00 Dinner'],
    ['Weekly Report — Week 9', 'Done: release 2.3, onboarding survey.\nNext: pricing page, bug bash.\nRisks: design capacity.'],
    ['Reading List', 'Thinking, Fast and Slow\nThe Pragmatic Programmer\nDeep Work'],
    ['Apartment Move Checklist', 'Book movers\nChange address\nTransfer internet\nPack kitchen last'],
    ['Meeting Minutes 03-01', 'Attendees: Ana, Ben, Chloe.\nDecision: ship beta on March 15.'],
  ],
  'zh-CN': [
    ['第三季度市场计划', '目标：注册用户增长20%。\n渠道：搜索广告、合作伙伴推送、校园活动。\n预算：30万元。'],
    ['团队团建安排', '09:30 集合\n10:00 战略回顾\n12:00 午餐\n14:00 分组工作坊\n17:00 晚餐'],
    ['第9周周报', '已完成：2.3版本发布、新用户问卷。\n下周计划：价格页、集中修复缺陷。\n风险：设计人力不足。'],
    ['读书清单', '《思考，快与慢》\n《程序员修炼之道》\n《深度工作》'],
    ['搬家清单', '预约搬家公司\n更改收货地址\n迁移宽带\n最后打包厨房'],
    ['3月1日会议纪要', '参会人：王芳、李伟、张敏。\n决定：3月15日发布测试版。'],
  ],
};
