// The phone owner's acquaintances, chosen by the seed. Contacts and Messages both draw from
// this list so a seed gives a consistent world (the person you text is in your contacts).
import { SeededRandom } from '../../runtime/random';
import type { Locale } from '../app';

export interface Person {
  first: string;
  last: string;
  phone: string;
  email: string;
  company: string;
}

const EN_FIRST = ['Alice', 'Ben', 'Chloe', 'Daniel', 'Emma', 'Farid', 'Grace', 'Hiro', 'Isabel', 'Jamal', 'Kate', 'Liam', 'Maya', 'Noah', 'Olivia', 'Priya', 'Quinn', 'Rosa', 'Sam', 'Tara'];
const EN_LAST = ['Anderson', 'Brooks', 'Chen', 'Diaz', 'Evans', 'Foster', 'Garcia', 'Hughes', 'Ito', 'Johnson', 'Kim', 'Lopez', 'Martin', 'Nguyen', 'Okafor', 'Patel'];
const ZH_FIRST = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '晓东', '雨桐', '子轩', '思远'];
const ZH_LAST = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭'];
const COMPANIES = ['Acme Corp', 'Blue Harbor', 'Northwind', 'Globex', 'Initech', 'Umbrella Studio', ''];
const ZH_COMPANIES = ['星辰科技', '蓝港贸易', '北风咨询', '环球传媒', ''];

/** A deterministic list of distinct people for a seed and locale. */
export function peopleFor(seed: number, locale: Locale, count = 14): Person[] {
  const rng = new SeededRandom(seed).fork('people');
  const zh = locale === 'zh-CN';
  const out: Person[] = [];
  const seen = new Set<string>();
  const firsts = zh ? ZH_FIRST : EN_FIRST;
  const lasts = zh ? ZH_LAST : EN_LAST;
  while (out.length < count) {
    const first = rng.pick(firsts);
    const last = rng.pick(lasts);
    if (seen.has(first) || seen.has(`${first} ${last}`)) continue;
    seen.add(first);
    seen.add(`${first} ${last}`);
    const phone = zh
      ? `+86 1${rng.int(30, 89)} ${String(rng.int(0, 9999)).padStart(4, '0')} ${String(rng.int(0, 9999)).padStart(4, '0')}`
      : `+1 (${rng.int(201, 989)}) 555-${String(rng.int(100, 9999)).padStart(4, '0')}`;
    const emailName = zh ? `user${rng.int(100, 999)}` : `${first}.${last}`.toLowerCase();
    out.push({ first, last, phone, email: `${emailName}@${rng.pick(['example.com', 'mail.example.org', 'example.net'])}`, company: rng.pick(zh ? ZH_COMPANIES : COMPANIES) });
  }
  return out;
}

export function displayName(first: string, last: string, locale: Locale): string {
  if (locale === 'zh-CN' && /[\u4e00-\u9fff]/.test(first + last)) return `${last}${first}`;
  return [first, last].filter((s) => s !== '').join(' ');
}

/** Digits only, for matching numbers typed in different formats. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[^\d+]/g, '');
}
