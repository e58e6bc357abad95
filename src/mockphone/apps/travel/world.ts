// The travel world: cities, landmarks (with positions on a km grid) and hotel brands. Hotels are
// generated around landmarks from the seed, so a landmark search returns dozens of hotels at
// varied prices, stars and distances.
export interface City { key: string; zh: string; en: string }
export interface Landmark { city: string; zh: string; en: string; x: number; y: number; areas: [string, string][]; hotels: number }
export interface Brand { key: string; zh: string; en: string; stars: number; price: [number, number]; rating: [number, number] }

export const CITIES: City[] = [
  { key: 'shanghai', zh: '上海', en: 'Shanghai' },
  { key: 'beijing', zh: '北京', en: 'Beijing' },
  { key: 'hangzhou', zh: '杭州', en: 'Hangzhou' },
  { key: 'guangzhou', zh: '广州', en: 'Guangzhou' },
  { key: 'chengdu', zh: '成都', en: 'Chengdu' },
  { key: 'xian', zh: '西安', en: 'Xi\'an' },
];

export const LANDMARKS: Landmark[] = [
  { city: 'shanghai', zh: '上海迪士尼度假区', en: 'Shanghai Disney Resort', x: 21, y: -6, hotels: 26, areas: [['川沙', 'Chuansha'], ['迪士尼', 'Disney'], ['唐镇', 'Tangzhen'], ['康桥', 'Kangqiao'], ['航头', 'Hangtou'], ['周浦', 'Zhoupu']] },
  { city: 'shanghai', zh: '外滩', en: 'The Bund', x: 0, y: 0, hotels: 10, areas: [['外滩', 'Bund'], ['南京东路', 'East Nanjing Rd'], ['豫园', 'Yuyuan']] },
  { city: 'shanghai', zh: '陆家嘴', en: 'Lujiazui', x: 2, y: 0.5, hotels: 8, areas: [['陆家嘴', 'Lujiazui'], ['东方明珠', 'Oriental Pearl']] },
  { city: 'shanghai', zh: '人民广场', en: 'People\'s Square', x: -1.2, y: 0.2, hotels: 8, areas: [['人民广场', 'People\'s Square'], ['南京西路', 'West Nanjing Rd']] },
  { city: 'shanghai', zh: '虹桥火车站', en: 'Hongqiao Railway Station', x: -16, y: -2, hotels: 10, areas: [['虹桥', 'Hongqiao'], ['国家会展中心', 'NECC'], ['七宝', 'Qibao']] },
  { city: 'shanghai', zh: '浦东国际机场', en: 'Pudong International Airport', x: 32, y: -9, hotels: 8, areas: [['浦东机场', 'Pudong Airport'], ['祝桥', 'Zhuqiao']] },
  { city: 'beijing', zh: '故宫', en: 'Forbidden City', x: 0, y: 0, hotels: 12, areas: [['王府井', 'Wangfujing'], ['东单', 'Dongdan'], ['前门', 'Qianmen']] },
  { city: 'beijing', zh: '三里屯', en: 'Sanlitun', x: 5, y: 1, hotels: 8, areas: [['三里屯', 'Sanlitun'], ['工体', 'Workers\' Stadium']] },
  { city: 'beijing', zh: '北京首都国际机场', en: 'Beijing Capital Airport', x: 20, y: 15, hotels: 6, areas: [['首都机场', 'Capital Airport'], ['顺义', 'Shunyi']] },
  { city: 'beijing', zh: '颐和园', en: 'Summer Palace', x: -12, y: 8, hotels: 6, areas: [['颐和园', 'Summer Palace'], ['中关村', 'Zhongguancun']] },
  { city: 'hangzhou', zh: '西湖', en: 'West Lake', x: 0, y: 0, hotels: 14, areas: [['西湖', 'West Lake'], ['湖滨', 'Hubin'], ['龙井', 'Longjing']] },
  { city: 'hangzhou', zh: '杭州东站', en: 'Hangzhou East Station', x: 6, y: 3, hotels: 8, areas: [['东站', 'East Station'], ['钱江新城', 'Qianjiang New Town']] },
  { city: 'guangzhou', zh: '广州塔', en: 'Canton Tower', x: 0, y: 0, hotels: 10, areas: [['珠江新城', 'Zhujiang New Town'], ['客村', 'Kecun']] },
  { city: 'guangzhou', zh: '长隆旅游度假区', en: 'Chimelong Resort', x: 1, y: -12, hotels: 10, areas: [['长隆', 'Chimelong'], ['番禺', 'Panyu']] },
  { city: 'chengdu', zh: '春熙路', en: 'Chunxi Road', x: 0, y: 0, hotels: 12, areas: [['春熙路', 'Chunxi Rd'], ['太古里', 'Taikoo Li']] },
  { city: 'chengdu', zh: '成都大熊猫繁育研究基地', en: 'Chengdu Panda Base', x: 4, y: 8, hotels: 6, areas: [['熊猫基地', 'Panda Base'], ['成华', 'Chenghua']] },
  { city: 'xian', zh: '钟楼', en: 'Bell Tower', x: 0, y: 0, hotels: 12, areas: [['钟楼', 'Bell Tower'], ['回民街', 'Muslim Quarter']] },
  { city: 'xian', zh: '大雁塔', en: 'Big Wild Goose Pagoda', x: 1, y: -4, hotels: 8, areas: [['大雁塔', 'Big Wild Goose Pagoda'], ['曲江', 'Qujiang']] },
];

export const BRANDS: Brand[] = [
  { key: 'hanting', zh: '汉庭酒店', en: 'Hanting Hotel', stars: 2, price: [108, 219], rating: [4.3, 4.7] },
  { key: 'homeinn', zh: '如家酒店', en: 'Home Inn', stars: 2, price: [99, 199], rating: [4.2, 4.6] },
  { key: '7days', zh: '7天连锁酒店', en: '7 Days Inn', stars: 2, price: [89, 169], rating: [4.0, 4.5] },
  { key: 'jinjiang', zh: '锦江之星', en: 'Jinjiang Inn', stars: 2, price: [119, 229], rating: [4.2, 4.6] },
  { key: 'ji', zh: '全季酒店', en: 'JI Hotel', stars: 3, price: [229, 389], rating: [4.6, 4.9] },
  { key: 'vienna', zh: '维也纳酒店', en: 'Vienna Hotel', stars: 3, price: [199, 359], rating: [4.4, 4.8] },
  { key: 'atour', zh: '亚朵酒店', en: 'Atour Hotel', stars: 4, price: [359, 599], rating: [4.7, 4.9] },
  { key: 'hampton', zh: '希尔顿欢朋酒店', en: 'Hampton by Hilton', stars: 4, price: [399, 699], rating: [4.6, 4.9] },
  { key: 'holidayinn', zh: '假日酒店', en: 'Holiday Inn', stars: 4, price: [499, 849], rating: [4.5, 4.8] },
  { key: 'marriott', zh: '万豪酒店', en: 'Marriott', stars: 5, price: [899, 1799], rating: [4.7, 4.9] },
  { key: 'guesthouse', zh: '民宿', en: 'Guesthouse', stars: 1, price: [79, 159], rating: [4.1, 4.8] },
];

/** Hotels that exist by name (not generated from a brand). */
export const SPECIAL_HOTELS: { landmark: string; zh: string; en: string; stars: number; price: number; rating: number; dx: number; dy: number }[] = [
  { landmark: '上海迪士尼度假区', zh: '上海迪士尼乐园酒店', en: 'Shanghai Disneyland Hotel', stars: 5, price: 2588, rating: 4.8, dx: 0.6, dy: 0.2 },
  { landmark: '上海迪士尼度假区', zh: '玩具总动员酒店', en: 'Toy Story Hotel', stars: 4, price: 1288, rating: 4.7, dx: -0.5, dy: 0.4 },
];

export const ROOM_TYPES: { zh: string; en: string; bedZh: string; bedEn: string; factor: number }[] = [
  { zh: '大床房', en: 'Queen Room', bedZh: '1张1.5米大床', bedEn: '1 queen bed', factor: 1 },
  { zh: '双床房', en: 'Twin Room', bedZh: '2张1.2米单人床', bedEn: '2 single beds', factor: 1.08 },
  { zh: '高级大床房', en: 'Deluxe King Room', bedZh: '1张1.8米大床', bedEn: '1 king bed', factor: 1.35 },
  { zh: '家庭房', en: 'Family Room', bedZh: '1张1.8米大床和1张1.2米床', bedEn: '1 king bed and 1 single bed', factor: 1.6 },
];

export const TAGS: [string, string][] = [['免费停车', 'Free parking'], ['含早餐', 'Breakfast'], ['近地铁', 'Near metro'], ['亲子', 'Family friendly'], ['健身房', 'Gym'], ['免费取消', 'Free cancellation'], ['接送服务', 'Shuttle'], ['新开业', 'Newly opened']];

export function cityName(key: string, zh: boolean): string {
  const c = CITIES.find((x) => x.key === key);
  return c ? (zh ? c.zh : c.en) : key;
}
