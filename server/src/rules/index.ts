/** Every shared validation rule (see rule.ts). Import the specific file where you can: `@rules/category`. */
export * from './rule.js';
export * from './text.js';
export * from './contact.js';
export * from './person.js';
export * from './password.js';
export * from './provider.js';
export * from './category.js';
export * from './product.js';
export * from './order.js';
export * from './card-number.js';
export * from './counter.js';
export * from './cart.js';
export * from './image.js';
export * from './arrangement.js';
export * from './location.js';
export * from './message.js';
