import { Municipality } from '../modules/municipalities/municipality.entity.js';
import { Role } from '../modules/identity/role.entity.js';
import { AdminAccount } from '../modules/identity/admin-account.entity.js';
import { Session } from '../modules/identity/session.entity.js';
import { Provider } from '../modules/providers/provider.entity.js';
import { ProviderUser } from '../modules/providers/provider-user.entity.js';
import { ProviderMembership } from '../modules/providers/provider-membership.entity.js';
import { Category } from '../modules/catalogue/category.entity.js';
import { Product } from '../modules/catalogue/product.entity.js';
import { ClientGroup } from '../modules/customers/client-group.entity.js';
import { Person } from '../modules/customers/person.entity.js';
import { Card } from '../modules/customers/card.entity.js';
import { Arrangement } from '../modules/arrangements/arrangement.entity.js';
import { Link } from '../modules/content/link.entity.js';
import { AuditLog } from '../modules/audit/audit-log.entity.js';

/** Every entity, listed explicitly (no folder scanning: the same list works from sources, builds and tests). */
export const entities = [
  Municipality,
  Role,
  AdminAccount,
  Session,
  Provider,
  ProviderUser,
  ProviderMembership,
  Category,
  Product,
  ClientGroup,
  Person,
  Card,
  Arrangement,
  Link,
  AuditLog,
];
