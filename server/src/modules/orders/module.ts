import { defineModule } from '../../platform/module.js';
import { CartLine, Checkout, Order, OrderAllocation, OrderEvent, OrderLine } from './order.entities.js';
import { OrdersResolver } from './orders.resolver.js';
import { CartResolver } from './cart.resolver.js';
import { OrderActionsResolver } from './order-actions.resolver.js';
import { ProviderOrdersResolver } from './provider-orders.resolver.js';
import { OrderAdminResolver } from './order-admin.resolver.js';
import { OrderFieldsResolver } from './order-fields.resolver.js';
import { OnBehalfOrderResolver } from './on-behalf.resolver.js';
import { ContributionPaymentOrdersResolver } from './payment-orders.resolver.js';
import { ordersExportRoutes } from './orders-export.routes.js';

export const ordersModule = defineModule({
  name: 'orders',
  entities: [CartLine, Checkout, Order, OrderLine, OrderAllocation, OrderEvent],
  resolvers: [
    OrdersResolver,
    CartResolver,
    OrderActionsResolver,
    ProviderOrdersResolver,
    OrderAdminResolver,
    OrderFieldsResolver,
    OnBehalfOrderResolver,
    ContributionPaymentOrdersResolver,
  ],
  routes: [...ordersExportRoutes],
});
