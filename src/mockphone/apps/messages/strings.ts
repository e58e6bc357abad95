import type { Strings } from '../app';

export const MESSAGES_STRINGS: Strings = {
  'en-US': {
    title: 'Messages', search: 'Search messages', startChat: 'Start chat', to: 'To', typeName: 'Type name, phone number, or email',
    textMessage: 'Text message', send: 'Send', noResults: 'No results', empty: 'Once you start a new conversation, you\'ll see it listed here',
    sendTo: 'Send to {to}', you: 'You', delete: 'Delete', deleteTitle: 'Delete this conversation?', cancel: 'Cancel', deleted: 'Conversation deleted',
    newMessage: 'New message', call: 'Call', more: 'More options', yesterday: 'Yesterday', copy: 'Copy text', copied: 'Copied',
    reply1: 'Sure, sounds good!', reply2: 'Let me check and get back to you.', reply3: 'Yes!', reply4: 'Not sure yet, will let you know.',
  },
  'zh-CN': {
    title: '信息', search: '搜索信息', startChat: '发起聊天', to: '收件人', typeName: '输入姓名、电话号码或电子邮件',
    textMessage: '短信', send: '发送', noResults: '无结果', empty: '开始新对话后，对话将显示在这里',
    sendTo: '发送给{to}', you: '我', delete: '删除', deleteTitle: '要删除此对话吗？', cancel: '取消', deleted: '对话已删除',
    newMessage: '新信息', call: '呼叫', more: '更多选项', yesterday: '昨天', copy: '复制文字', copied: '已复制',
    reply1: '好的，没问题！', reply2: '我看一下再回复你。', reply3: '是的', reply4: '还不确定，稍后告诉你。',
  },
};

export const SEED_LINES: Record<string, [number, string][][]> = {
  'en-US': [
    [[1, 'Are we still on for lunch tomorrow?'], [2, 'Yes! 12:30 at the usual place'], [1, 'Perfect, see you there']],
    [[1, 'Can you send me the slides from today?'], [2, 'Sure, sending them tonight']],
    [[1, 'Happy birthday!!'], [2, 'Thank you so much!']],
    [[2, 'Running 10 minutes late, sorry'], [1, 'No worries, grabbing a table']],
    [[1, 'Your package was left at the front desk']],
    [[1, 'Did you see the game last night?'], [2, 'Incredible finish'], [1, 'Rematch next week?']],
    [[1, 'Reminder: dentist appointment on Friday at 3 pm']],
    [[2, 'Do you still have my umbrella?'], [1, 'Yes, I\'ll bring it Monday']],
  ],
  'zh-CN': [
    [[1, '明天中午还一起吃饭吗？'], [2, '好的！十二点半老地方'], [1, '好，到时见']],
    [[1, '能把今天的幻灯片发给我吗？'], [2, '没问题，今晚发你']],
    [[1, '生日快乐！！'], [2, '太谢谢你了！']],
    [[2, '我要晚到十分钟，抱歉'], [1, '没事，我先占座']],
    [[1, '您的快递已放在前台']],
    [[1, '昨晚的比赛看了吗？'], [2, '结局太精彩了'], [1, '下周再约一场？']],
    [[1, '提醒：周五下午三点看牙医']],
    [[2, '我的伞还在你那儿吗？'], [1, '在的，周一带给你']],
  ],
};
