import type { Strings } from '../app';

export const ASSISTANT_STRINGS: Strings = {
  'en-US': {
    title: 'Assistant', newChat: 'New chat', history: 'History', prompt: 'Ask me anything…', send: 'Send',
    hello: 'Hi, I\'m your assistant', helloSub: 'I can write, summarize, translate and make lists.',
    s1: 'Write a leave request for tomorrow', s2: 'Summarize: ', s3: 'Translate: good morning', s4: 'Make a packing list for a trip',
    thinking: 'Thinking…', copy: 'Copy', copied: 'Copied to clipboard', share: 'Share', regenerate: 'Regenerate', noHistory: 'No conversations yet',
    delete: 'Delete',
  },
  'zh-CN': {
    title: '元宝', newChat: '新对话', history: '历史对话', prompt: '有问题，尽管问', send: '发送',
    hello: '你好，我是元宝', helloSub: '我可以帮你写作、总结、翻译和列清单。',
    s1: '帮我写一份明天请假一天的请假条', s2: '总结：', s3: '翻译：早上好', s4: '列一个出差的行李清单',
    thinking: '思考中…', copy: '复制', copied: '已复制到剪贴板', share: '分享', regenerate: '重新生成', noHistory: '暂无对话',
    delete: '删除',
  },
};

/** Earlier conversations the seed puts in the history (their texts are the stale ones). */
export const SEED_PROMPTS: Record<string, string[]> = {
  'en-US': ['Write a leave request for 2 days because of a family wedding', 'Make a shopping list with 6 items', 'Translate: thank you very much', 'Summarize: The team shipped the new sync feature. Crash rate dropped by half. Next sprint focuses on onboarding.'],
  'zh-CN': ['帮我写一份请假两天的请假条，因为家里有婚礼', '列一个6项的购物清单', '翻译：谢谢你的帮助', '总结：团队上线了新的同步功能。崩溃率下降了一半。下个迭代重点优化新用户引导。'],
};
