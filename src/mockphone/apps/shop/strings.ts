import type { Strings } from '../app';
import { CATEGORIES } from './catalog';

/** The category chips' labels (`@cat_digital` …). */
const cats = (l: 'en' | 'zh') => Object.fromEntries(CATEGORIES.map((c) => [`cat_${c.key}`, c[l]]));

export const SHOP_STRINGS: Strings = {
  'en-US': {
    title: 'Shop', search: 'Search products', searchBtn: 'Search', all: 'All', cart: 'Cart', orders: 'Orders', sold: '{n} sold', results: '{n} results',
    sortDefault: 'Best match', sortSales: 'Sales', sortPrice: 'Price ↑', addToCart: 'Add to cart', buyNow: 'Buy now', added: 'Added to cart', chooseOptions: 'Please choose {name}',
    qty: 'Quantity', emptyCart: 'Your cart is empty', checkout: 'Check out ({n})', total: 'Total: ', remove: 'Remove', confirmOrder: 'Confirm order', address: 'Delivery address',
    addAddress: 'Add address', noAddress: 'Add a delivery address', submit: 'Submit order', needAddress: 'Choose a delivery address first',
    pay: 'Payment', payAmount: 'Amount due', payMethod: 'Payment method', balance: 'Balance', confirmPay: 'Confirm payment', payUnavailable: 'Payment unavailable',
    payUnavailableMsg: 'Payments cannot be completed on this device. Your order is waiting for payment.', ok: 'OK', payLater: 'Pay later',
    status_pending_payment: 'Waiting for payment', status_payment_attempted: 'Payment not completed', status_cancelled: 'Cancelled', noOrders: 'No orders yet',
    name: 'Recipient', phone: 'Phone number', region: 'City / region', detail: 'Street address', setDefault: 'Default address', save: 'Save', default: 'Default',
    fillAll: 'Please fill in all fields', selected: 'Selected: {o}', noResults: 'No products found', official: 'Official store',
    ...cats('en'),
  },
  'zh-CN': {
    title: '购物', search: '搜索宝贝', searchBtn: '搜索', all: '全部', cart: '购物车', orders: '我的订单', sold: '已售{n}', results: '共{n}件商品',
    sortDefault: '综合', sortSales: '销量', sortPrice: '价格↑', addToCart: '加入购物车', buyNow: '立即购买', added: '已加入购物车', chooseOptions: '请选择{name}',
    qty: '购买数量', emptyCart: '购物车是空的', checkout: '结算({n})', total: '合计：', remove: '删除', confirmOrder: '确认订单', address: '收货地址',
    addAddress: '新增收货地址', noAddress: '请添加收货地址', submit: '提交订单', needAddress: '请先选择收货地址',
    pay: '收银台', payAmount: '需支付', payMethod: '支付方式', balance: '余额', confirmPay: '确认付款', payUnavailable: '无法付款',
    payUnavailableMsg: '本设备无法完成支付，订单将保留为待付款。', ok: '知道了', payLater: '稍后支付',
    status_pending_payment: '待付款', status_payment_attempted: '付款未完成', status_cancelled: '已取消', noOrders: '暂无订单',
    name: '收货人', phone: '手机号码', region: '所在地区', detail: '详细地址', setDefault: '设为默认地址', save: '保存', default: '默认',
    fillAll: '请填写完整信息', selected: '已选：{o}', noResults: '没有找到相关宝贝', official: '官方旗舰店',
    ...cats('zh'),
  },
};
