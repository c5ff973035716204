import { defineModule } from '../../platform/module.js';
import { Category } from './category.entity.js';
import { Product } from './product.entity.js';
import { ProductApproval } from './product-approval.entity.js';
import { ProductImage } from './product-image.entity.js';
import { ProductConnectionResolver, ProductImageResolver, ProductResolver } from './catalogue.resolver.js';
import { CategoryResolver } from './category.resolver.js';
import { ProductApprovalResolver, ProductReviewResolver, ProviderProductResolver } from './product.resolver.js';
import { productImageRoutes } from './product-image.routes.js';

export const catalogueModule = defineModule({
  name: 'catalogue',
  entities: [Category, Product, ProductApproval, ProductImage],
  resolvers: [
    ProductResolver,
    ProductConnectionResolver,
    CategoryResolver,
    ProductImageResolver,
    ProviderProductResolver,
    ProductReviewResolver,
    ProductApprovalResolver,
  ],
  routes: [...productImageRoutes],
});
