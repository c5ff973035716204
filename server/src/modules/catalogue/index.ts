/** The face of modules/catalogue: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { RedemptionMethod, Product } from './product.entity.js';
export { Category } from './category.entity.js';
export {
  decisionCounts,
  inOffer,
  inOfferOfAny,
  offerFor,
  membershipEnded,
  openDecisionsForMembership,
  type SqlCondition,
} from './product-approval.js';
export { orderableBy, payableBy, payersOf, settledBy, usableAssignment } from './payable.js';
