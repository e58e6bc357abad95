import type { Strings } from '../app';

export const CALENDAR_STRINGS: Strings = {
  'en-US': {
    title: 'Calendar', today: 'Today', newEvent: 'New event', editEvent: 'Edit event', titleHint: 'Add title', date: 'Date', start: 'Starts (HH:MM)', end: 'Ends (HH:MM)',
    location: 'Add location', reminder: 'Reminder', none: 'None', min: '{n} min before', hour: '1 hour before', day: '1 day before', save: 'Save', delete: 'Delete',
    noEvents: 'No events', badTime: 'Time must look like 14:30', endBefore: 'The end must be after the start', needTitle: 'Add a title first', saved: 'Event saved', deleted: 'Event deleted',
    dayView: 'Day view', monthView: 'Month view', prev: 'Previous', next: 'Next', reminderText: '{time} · {place}',
  },
  'zh-CN': {
    title: '日历', today: '今天', newEvent: '新建日程', editEvent: '编辑日程', titleHint: '添加标题', date: '日期', start: '开始时间（时:分）', end: '结束时间（时:分）',
    location: '添加地点', reminder: '提醒', none: '不提醒', min: '提前{n}分钟', hour: '提前1小时', day: '提前1天', save: '保存', delete: '删除',
    noEvents: '暂无日程', badTime: '时间格式应为 14:30', endBefore: '结束时间必须晚于开始时间', needTitle: '请先填写标题', saved: '日程已保存', deleted: '日程已删除',
    dayView: '日视图', monthView: '月视图', prev: '上一个', next: '下一个', reminderText: '{time} · {place}',
  },
};

export const SEED_EVENTS: Record<string, [string, string][]> = {
  'en-US': [['Team stand-up', 'Room 4B'], ['Dentist', 'Elm St Dental'], ['Lunch with Maya', 'Blue Bottle Café'], ['Project review', 'Zoom'], ['Gym', 'FitHub'], ['Flight to Shanghai', 'SFO Terminal 2'], ['Parent-teacher meeting', 'Lincoln School'], ['Book club', 'Library']],
  'zh-CN': [['团队站会', '4B会议室'], ['看牙医', '榆树街口腔诊所'], ['和王芳吃午饭', '蓝瓶咖啡'], ['项目评审', '腾讯会议'], ['健身', '乐刻健身'], ['飞上海', '首都机场T3'], ['家长会', '实验小学'], ['读书会', '图书馆']],
};
