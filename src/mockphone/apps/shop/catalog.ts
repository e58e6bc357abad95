// The shop's products: base items × brands, priced from the seed. Options (colour, size,
// capacity…) are per base item.
export interface BaseItem {
  key: string; zh: string; en: string; category: string; price: [number, number];
  options: { nameZh: string; nameEn: string; zh: string[]; en: string[] }[];
}

export const CATEGORIES: { key: string; zh: string; en: string }[] = [
  { key: 'digital', zh: '数码', en: 'Electronics' },
  { key: 'clothing', zh: '服饰', en: 'Clothing' },
  { key: 'home', zh: '家居', en: 'Home' },
  { key: 'food', zh: '食品', en: 'Food' },
  { key: 'beauty', zh: '美妆', en: 'Beauty' },
];

const COLORS = { nameZh: '颜色', nameEn: 'Colour', zh: ['黑色', '白色', '蓝色'], en: ['Black', 'White', 'Blue'] };
const SIZES = { nameZh: '尺码', nameEn: 'Size', zh: ['S', 'M', 'L', 'XL'], en: ['S', 'M', 'L', 'XL'] };

export const BASE_ITEMS: BaseItem[] = [
  { key: 'earbuds', zh: '真无线蓝牙耳机', en: 'Wireless Earbuds', category: 'digital', price: [99, 899], options: [COLORS] },
  { key: 'charger', zh: '65W氮化镓快充充电器', en: '65W GaN USB-C Charger', category: 'digital', price: [59, 199], options: [{ nameZh: '规格', nameEn: 'Model', zh: ['单口', '双口', '三口'], en: ['1 port', '2 ports', '3 ports'] }] },
  { key: 'powerbank', zh: '20000毫安充电宝', en: '20000mAh Power Bank', category: 'digital', price: [79, 299], options: [COLORS] },
  { key: 'phonecase', zh: '手机保护壳', en: 'Phone Case', category: 'digital', price: [19, 129], options: [COLORS, { nameZh: '型号', nameEn: 'Phone model', zh: ['15', '15 Pro', '16'], en: ['15', '15 Pro', '16'] }] },
  { key: 'tshirt', zh: '纯棉短袖T恤', en: 'Cotton T-Shirt', category: 'clothing', price: [39, 199], options: [COLORS, SIZES] },
  { key: 'shoes', zh: '轻便跑步鞋', en: 'Running Shoes', category: 'clothing', price: [199, 899], options: [COLORS, { nameZh: '尺码', nameEn: 'Size', zh: ['39', '40', '41', '42', '43'], en: ['7', '8', '9', '10', '11'] }] },
  { key: 'jacket', zh: '防风户外夹克', en: 'Windproof Jacket', category: 'clothing', price: [259, 999], options: [COLORS, SIZES] },
  { key: 'bottle', zh: '不锈钢保温杯500ml', en: 'Insulated Bottle 500ml', category: 'home', price: [49, 259], options: [COLORS] },
  { key: 'pillow', zh: '记忆棉枕头', en: 'Memory Foam Pillow', category: 'home', price: [69, 399], options: [{ nameZh: '规格', nameEn: 'Size', zh: ['标准', '加大'], en: ['Standard', 'King'] }] },
  { key: 'lamp', zh: 'LED护眼台灯', en: 'LED Desk Lamp', category: 'home', price: [89, 459], options: [COLORS] },
  { key: 'coffee', zh: '阿拉比卡咖啡豆500g', en: 'Arabica Coffee Beans 500g', category: 'food', price: [59, 239], options: [{ nameZh: '烘焙', nameEn: 'Roast', zh: ['中烘', '深烘'], en: ['Medium', 'Dark'] }] },
  { key: 'tea', zh: '明前龙井绿茶250g', en: 'Longjing Green Tea 250g', category: 'food', price: [89, 599], options: [] },
  { key: 'nuts', zh: '每日坚果礼盒', en: 'Daily Mixed Nuts Box', category: 'food', price: [49, 169], options: [{ nameZh: '规格', nameEn: 'Pack', zh: ['15包', '30包'], en: ['15 packs', '30 packs'] }] },
  { key: 'cream', zh: '保湿面霜50ml', en: 'Moisturizing Cream 50ml', category: 'beauty', price: [79, 699], options: [] },
  { key: 'sunscreen', zh: '清爽防晒霜SPF50', en: 'Sunscreen SPF50', category: 'beauty', price: [59, 329], options: [] },
];

export const SHOP_BRANDS: { zh: string; en: string }[] = [
  { zh: '小米', en: 'Mi' }, { zh: '优品', en: 'Uniq' }, { zh: '南极人', en: 'Nanji' }, { zh: '安克', en: 'Anker' }, { zh: '良品', en: 'Goodly' },
];
