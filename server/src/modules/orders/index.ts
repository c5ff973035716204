/** The face of modules/orders: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export type { OrderListService } from './order-lists.service.js';
export type { OrderPage, PersonOrderFilter } from './order-work.types.js';
export type { OrderStatus } from './order.entities.js';
export type { OrderListener, OrderService } from './order.service.js';
export type { HandoverMethod } from './order.types.js';
