// Deterministic starting notes, chosen by the seed.
import type { AppDb, SeedContext } from '../app';

const NOTES: Record<string, [string, string][]> = {
  'en-US': [
    ['Groceries', 'Milk\nEggs\nSpinach\nCoffee beans'],
    ['Book club', 'Next meeting Thursday 7 pm. Read chapters 4–6 of "The Overstory".'],
    ['Wi-Fi at the cabin', 'Network: LakeHouse-5G\nPassword: pinecone2026'],
    ['Gift ideas', 'Mom: scarf, tea sampler\nSam: climbing chalk bag'],
    ['Packing list', 'Passport, charger, adapters, sunscreen, hiking boots'],
    ['Meeting notes', 'Q2 roadmap review: ship sync feature, hire one designer.'],
    ['Recipe: pancakes', '2 cups flour, 2 eggs, 1.5 cups milk, 2 tbsp sugar, pinch of salt'],
    ['Car service', 'Oil change due at 45,000 miles. Garage: Elm St Auto.'],
  ],
  'zh-CN': [
    ['购物清单', '牛奶\n鸡蛋\n菠菜\n咖啡豆'],
    ['读书会', '周四晚上七点见面，读《三体》第四到六章。'],
    ['小屋的无线网络', '网络：LakeHouse-5G\n密码：pinecone2026'],
    ['礼物想法', '妈妈：围巾、茶叶礼盒\n小山：攀岩粉袋'],
    ['行李清单', '护照、充电器、转换插头、防晒霜、登山鞋'],
    ['会议记录', '第二季度路线图评审：发布同步功能，招聘一名设计师。'],
    ['食谱：煎饼', '面粉两杯、鸡蛋两个、牛奶一杯半、糖两勺、少许盐'],
    ['汽车保养', '四万五千英里时换机油。修车厂：榆树街汽修。'],
  ],
};

export function seedNotes(db: AppDb, s: SeedContext): void {
  const pool = NOTES[s.locale] ?? NOTES['en-US'];
  const count = s.rng.int(4, pool.length);
  const chosen = pool.slice(0, count);
  let t = s.now - s.rng.int(2, 30) * 86_400_000;
  chosen.forEach(([title, body], i) => {
    t = Math.min(t + s.rng.int(1, 48) * 3_600_000, s.now - (count - i) * 3_600_000);
    db.run('INSERT INTO notes (title, body, pinned, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', [title, body, i === 0 ? 1 : 0, t, Math.min(s.now, t + s.rng.int(0, 3_600_000))]);
  });
}
