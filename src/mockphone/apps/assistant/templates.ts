// Deterministic "AI" replies: the prompt picks a template (leave request, summary, translation,
// list) and fills its slots from the prompt and the phone's date. The same prompt at the same
// virtual time always gives the same text; a verifier reads it back from `generations`.
import type { Locale } from '../app';

export type GenerationKind = 'leave_request' | 'summary' | 'translation' | 'list' | 'chat';

const DAY = 86_400_000;
const CN_NUM: Record<string, number> = { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, 半: 0.5 };
const EN_NUM: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, half: 0.5 };

function num(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  if (/^\d+(\.\d+)?$/.test(s)) return Number(s);
  return CN_NUM[s] ?? EN_NUM[s.toLowerCase()];
}

function fmtDate(ms: number, locale: Locale): string {
  const d = new Date(ms);
  if (locale === 'zh-CN') return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(ms);
}

/** Adds working days (Mon–Fri) to a start day; `days` counts the start day. */
function endDay(start: number, days: number): number {
  let t = start;
  let left = Math.max(1, Math.ceil(days)) - 1;
  while (left > 0) {
    t += DAY;
    const wd = new Date(t).getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return t;
}

function startDay(prompt: string, now: number): number {
  const today = Math.floor(now / DAY) * DAY;
  const p = prompt.toLowerCase();
  if (/后天|day after tomorrow/.test(p)) return today + 2 * DAY;
  if (/今天|today/.test(p)) return today;
  const wd = /下周([一二三四五])|next (monday|tuesday|wednesday|thursday|friday)/.exec(p);
  if (wd) {
    const target = wd[1] ? '一二三四五'.indexOf(wd[1]) + 1 : ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].indexOf(wd[2]) + 1;
    const cur = new Date(today).getUTCDay();
    const nextMonday = today + (((8 - cur) % 7) || 7) * DAY;
    return nextMonday + (target - 1) * DAY;
  }
  let t = today + DAY;
  while ([0, 6].includes(new Date(t).getUTCDay())) t += DAY;
  return t;
}

function leaveRequest(prompt: string, locale: Locale, now: number): string {
  const zh = locale === 'zh-CN';
  const daysM = /(\d+(?:\.\d+)?|[一两二三四五六七八九十半])\s*天/.exec(prompt) ?? /(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|half)[\s-]*(?:days?|-day)/i.exec(prompt);
  const days = num(daysM?.[1]) ?? 1;
  const reasonM = /(?:因为|由于|因)([^，。,.!！？?\n]+)/.exec(prompt) ?? /(?:because(?: of)?|due to)\s+([^,.!?\n]+)/i.exec(prompt) ?? /\bfor\s+(?!(?:next|tomorrow|today|the day|\d|one|two|three|four|five|a |half)\b)([^,.!?\n]+)/i.exec(prompt);
  const reason = reasonM?.[1].trim().replace(/^(?:我|I)\s*/, '') || (zh ? '个人事务' : 'personal matters');
  const toM = /(?:给|向)([^，。,\s]{1,8}?)(?:写|请假|的)/.exec(prompt) ?? /\bto (?:my )?([A-Za-z][A-Za-z ]{1,20}?)(?:\b(?:for|asking|about)\b|[,.]|$)/i.exec(prompt);
  const to = toM?.[1].trim() || (zh ? '领导' : 'Manager');
  const start = startDay(prompt, now);
  const end = endDay(start, days);
  const dayWord = days === 0.5 ? (zh ? '半' : 'half a') : String(days);
  if (zh) {
    const span = start === end ? `${fmtDate(start, locale)}` : `${fmtDate(start, locale)}至${fmtDate(end, locale)}`;
    return [
      '请假申请', '',
      `尊敬的${to}：`, '',
      `　　您好！我因${reason}，需请假${dayWord}天，时间为${span}。请假期间的工作我已安排妥当，如有紧急事项可随时电话联系我。`, '',
      '　　恳请批准，谢谢！', '',
      '此致', '敬礼', '',
      '申请人：李明', fmtDate(now, locale),
    ].join('\n');
  }
  const span = start === end ? `on ${fmtDate(start, locale)}` : `from ${fmtDate(start, locale)} to ${fmtDate(end, locale)}`;
  return [
    `Subject: Leave request — ${dayWord} day${days === 1 ? '' : 's'}`, '',
    `Dear ${to},`, '',
    `I would like to request ${dayWord} day${days === 1 ? '' : 's'} of leave ${span} due to ${reason}. I have arranged for my tasks to be covered while I am away and will be reachable by phone for anything urgent.`, '',
    'Thank you for considering my request.', '',
    'Best regards,', 'Jordan Lee', fmtDate(now, locale),
  ].join('\n');
}

/** Text after the first colon or newline, else the prompt minus its command words. */
function payload(prompt: string, command: RegExp): string {
  const m = /[:：\n]([\s\S]+)$/.exec(prompt);
  return (m ? m[1] : prompt.replace(command, '')).trim();
}

function sentences(text: string): string[] {
  return text.split(/(?<=[。！？!?.])\s*/).map((s) => s.trim()).filter((s) => s.length > 1);
}

const SUMMARY_CMD = /(请|帮我)?(总结|概括|摘要)(一下|下面的?内容|这段话)?|summari[sz]e( this| the following)?|tl;?dr/gi;

function summary(prompt: string, locale: Locale): string {
  const zh = locale === 'zh-CN';
  const src = payload(prompt, SUMMARY_CMD);
  const ss = sentences(src);
  if (ss.length === 0) return zh ? '请把需要总结的内容发给我，例如：“总结：……”。' : 'Send me the text to summarize, e.g. "Summarize: …".';
  const head = ss[0].length > 60 ? `${[...ss[0]].slice(0, 60).join('')}…` : ss[0];
  const points = ss.slice(0, 4).map((s, i) => `${i + 1}. ${[...s].slice(0, 50).join('')}`);
  const count = /[\u4e00-\u9fff]/.test(src) ? [...src.replace(/\s/g, '')].length : src.split(/\s+/).length;
  return zh
    ? [`摘要：${head}`, '', '要点：', ...points, '', `（原文约${count}字，共${ss.length}句）`].join('\n')
    : [`Summary: ${head}`, '', 'Key points:', ...points, '', `(${count} words, ${ss.length} sentences)`].join('\n');
}

const DICT: [string, string][] = [
  ['good morning', '早上好'], ['thank you', '谢谢'], ['thanks', '谢谢'], ['hello', '你好'], ['goodbye', '再见'], ['please', '请'],
  ['meeting', '会议'], ['tomorrow', '明天'], ['today', '今天'], ['hotel', '酒店'], ['ticket', '票'], ['price', '价格'],
  ['how much', '多少钱'], ['where is', '在哪里'], ['the station', '车站'], ['airport', '机场'], ['i', '我'], ['you', '你'],
  ['we', '我们'], ['love', '爱'], ['like', '喜欢'], ['coffee', '咖啡'], ['tea', '茶'], ['water', '水'], ['is', '是'],
  ['very', '很'], ['happy', '高兴'], ['weather', '天气'], ['nice', '好'], ['friend', '朋友'], ['work', '工作'],
  ['leave', '请假'], ['report', '报告'], ['document', '文档'], ['send', '发送'], ['call', '打电话'], ['me', '我'],
  ['need', '需要'], ['help', '帮助'], ['room', '房间'], ['book', '预订'], ['a', '一个'], ['the', ''], ['to', ''],
];

const TRANSLATE_CMD = /(请|帮我)?(把|将)?(这句话|下面的?话?)?(翻译(成|为)?(英文|英语|中文|汉语)?)|translate( this| the following)?( (in)?to (english|chinese))?/gi;

function translation(prompt: string, locale: Locale): string {
  const zh = locale === 'zh-CN';
  const src = payload(prompt, TRANSLATE_CMD).replace(/^[“"']|[”"']$/g, '');
  if (src === '') return zh ? '请告诉我要翻译的内容，例如：“翻译：早上好”。' : 'Tell me what to translate, e.g. "Translate: good morning".';
  const toEnglish = /[\u4e00-\u9fff]/.test(src);
  let out: string;
  if (toEnglish) {
    let rest = src;
    const words: string[] = [];
    const byZh = [...DICT].filter(([, c]) => c !== '').sort((a, b) => b[1].length - a[1].length);
    while (rest.length > 0) {
      const hit = byZh.find(([, c]) => rest.startsWith(c));
      if (hit) { words.push(hit[0]); rest = rest.slice(hit[1].length); } else { const ch = rest[0]; if (!/[，。！？\s]/.test(ch)) words.push(ch); rest = rest.slice(1); }
    }
    out = words.join(' ').replace(/^./, (c) => c.toUpperCase());
  } else {
    let rest = src.toLowerCase().replace(/[.,!?]/g, ' ');
    const parts: string[] = [];
    const byEn = [...DICT].sort((a, b) => b[0].length - a[0].length);
    while (rest.trim().length > 0) {
      rest = rest.trimStart();
      const hit = byEn.find(([e]) => rest.startsWith(e) && /^(\s|$)/.test(rest.slice(e.length)));
      if (hit) { parts.push(hit[1]); rest = rest.slice(hit[0].length); } else { const w = /^\S+/.exec(rest)![0]; parts.push(w); rest = rest.slice(w.length); }
    }
    out = parts.join('') + '。';
  }
  return zh ? `译文（${toEnglish ? '英文' : '中文'}）：\n${out}\n\n原文：${src}` : `Translation (${toEnglish ? 'English' : 'Chinese'}):\n${out}\n\nOriginal: ${src}`;
}

const LISTS: Record<string, Record<Locale, { title: string; items: string[] }>> = {
  travel: {
    'en-US': { title: 'Packing list', items: ['Passport and ID', 'Phone charger and power bank', 'Travel adapter', 'Toiletries', 'Two changes of clothes', 'Comfortable shoes', 'Medication', 'Umbrella', 'Snacks for the journey', 'Copies of bookings'] },
    'zh-CN': { title: '出行清单', items: ['身份证和护照', '手机充电器和充电宝', '转换插头', '洗漱用品', '两套换洗衣物', '舒适的鞋子', '常用药品', '雨伞', '路上的零食', '酒店和车票订单截图'] },
  },
  shopping: {
    'en-US': { title: 'Shopping list', items: ['Milk', 'Eggs', 'Bread', 'Fresh vegetables', 'Fruit', 'Rice', 'Chicken breast', 'Coffee', 'Dish soap', 'Paper towels'] },
    'zh-CN': { title: '购物清单', items: ['牛奶', '鸡蛋', '面包', '新鲜蔬菜', '水果', '大米', '鸡胸肉', '咖啡', '洗洁精', '纸巾'] },
  },
  meeting: {
    'en-US': { title: 'Meeting agenda', items: ['Welcome and goals', 'Review of last week\'s actions', 'Project status', 'Risks and blockers', 'Decisions needed', 'Next steps and owners', 'Any other business'] },
    'zh-CN': { title: '会议议程', items: ['开场与会议目标', '回顾上周待办', '项目进展汇报', '风险与阻碍', '需要决策的事项', '下一步计划与负责人', '其他事项'] },
  },
  todo: {
    'en-US': { title: 'To-do list', items: ['Reply to important emails', 'Finish the weekly report', 'Call the bank', 'Book the dentist', 'Pay the electricity bill', 'Go for a 30-minute walk', 'Plan the weekend', 'Water the plants'] },
    'zh-CN': { title: '待办清单', items: ['回复重要邮件', '完成周报', '给银行打电话', '预约牙医', '缴纳电费', '散步三十分钟', '安排周末计划', '给植物浇水'] },
  },
};

function list(prompt: string, locale: Locale): string {
  const p = prompt.toLowerCase();
  const topic = /旅行|出差|旅游|行李|trip|travel|packing/.test(p) ? 'travel' : /购物|买|超市|shopping|grocer/.test(p) ? 'shopping' : /会议|议程|meeting|agenda/.test(p) ? 'meeting' : 'todo';
  const l = LISTS[topic][locale] ?? LISTS[topic]['en-US'];
  const nM = /(\d+)\s*(?:项|条|个|items?|things)/i.exec(prompt) ?? /([两二三四五六七八九十])\s*(?:项|条|个)/.exec(prompt) ?? /\b(one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:items?|things)/i.exec(prompt);
  const n = Math.min(l.items.length, Math.max(1, num(nM?.[1]) ?? 5));
  return [`${l.title}${locale === 'zh-CN' ? '：' : ':'}`, ...l.items.slice(0, n).map((it, i) => `${i + 1}. ${it}`)].join('\n');
}

export function classify(prompt: string): GenerationKind {
  const p = prompt.toLowerCase();
  if (/请假|假条|休假申请|leave request|ask(ing)? for leave|request (a )?leave|day off|days off|time off|\bleave\b/.test(p)) return 'leave_request';
  if (/翻译|translate/.test(p)) return 'translation';
  if (/总结|概括|摘要|summari[sz]e|tl;?dr/.test(p)) return 'summary';
  if (/清单|列表|列出|议程|list|checklist|to-?do|agenda/.test(p)) return 'list';
  return 'chat';
}

export function generate(prompt: string, locale: Locale, now: number): { kind: GenerationKind; text: string } {
  const kind = classify(prompt);
  switch (kind) {
    case 'leave_request': return { kind, text: leaveRequest(prompt, locale, now) };
    case 'summary': return { kind, text: summary(prompt, locale) };
    case 'translation': return { kind, text: translation(prompt, locale) };
    case 'list': return { kind, text: list(prompt, locale) };
    default:
      return {
        kind,
        text: locale === 'zh-CN'
          ? `收到：“${prompt.trim()}”。我可以帮你写请假条、总结文字、翻译句子或列清单，试试说“帮我写一份明天请假一天的请假条”。`
          : `You said: "${prompt.trim()}". I can write leave requests, summarize text, translate sentences and make lists — try "Write a leave request for tomorrow".`,
      };
  }
}
