import { Municipality } from '../modules/municipalities/municipality.entity.js';
import { Role } from '../modules/identity/role.entity.js';
import { AdminAccount } from '../modules/identity/admin-account.entity.js';
import { Session } from '../modules/identity/session.entity.js';
import { StaffRecoveryCode } from '../modules/identity/staff-recovery-code.entity.js';
import { Provider } from '../modules/providers/provider.entity.js';
import { ProviderUser } from '../modules/providers/provider-user.entity.js';
import { ProviderMembership } from '../modules/providers/provider-membership.entity.js';
import { ProviderLocation } from '../modules/providers/provider-location.entity.js';
import { Category } from '../modules/catalogue/category.entity.js';
import { Product } from '../modules/catalogue/product.entity.js';
import { ProductApproval } from '../modules/catalogue/product-approval.entity.js';
import { ClientGroup } from '../modules/customers/client-group.entity.js';
import { Person } from '../modules/customers/person.entity.js';
import { Card } from '../modules/customers/card.entity.js';
import { Arrangement } from '../modules/arrangements/arrangement.entity.js';
import { Link } from '../modules/content/link.entity.js';
import { ContentPageVersion } from '../modules/content/content-page.entity.js';
import { NewsArticle } from '../modules/content/news-article.entity.js';
import { AuditLog } from '../modules/audit/audit-log.entity.js';
import { ProductImage } from '../modules/catalogue/product-image.entity.js';
import { CommunicationTemplate } from '../modules/communication/communication-template.entity.js';
import { MailMessage } from '../modules/communication/mail-message.entity.js';
import { EmailToken } from '../modules/identity/email-token.entity.js';
import { TermsVersion } from '../modules/terms/terms-version.entity.js';
import { TermsAcceptance } from '../modules/terms/terms-acceptance.entity.js';
import { Assignment } from '../modules/arrangements/assignment.entity.js';
import { LedgerAccount, LedgerEntry, LedgerTransaction } from '../modules/ledger/ledger.entities.js';
import { CartLine, Checkout, Order, OrderAllocation, OrderEvent, OrderLine } from '../modules/orders/order.entities.js';
import { Payment, PaymentEvent, PaymentRefund } from '../modules/payments/payment.entities.js';
import { Message } from '../modules/messages/message.entity.js';
import { PayoutBatch, PayoutLine, PayoutOrder } from '../modules/payouts/payout.entities.js';
import { ApiClient, ApiClientEncryptionKey, ApiClientKey } from '../modules/api-clients/api-client.entities.js';

/** Every entity, listed explicitly (no folder scanning: the same list works from sources, builds and tests). */
export const entities = [
  Municipality,
  Role,
  AdminAccount,
  Session,
  Provider,
  ProviderUser,
  ProviderMembership,
  ProviderLocation,
  Category,
  Product,
  ProductApproval,
  ClientGroup,
  Person,
  Card,
  Arrangement,
  Link,
  ContentPageVersion,
  NewsArticle,
  AuditLog,
  ProductImage,
  CommunicationTemplate,
  MailMessage,
  EmailToken,
  TermsVersion,
  TermsAcceptance,
  Assignment,
  LedgerAccount,
  LedgerTransaction,
  LedgerEntry,
  CartLine,
  Checkout,
  Order,
  OrderLine,
  OrderAllocation,
  OrderEvent,
  Payment,
  PaymentEvent,
  PaymentRefund,
  Message,
  PayoutBatch,
  PayoutLine,
  PayoutOrder,
  StaffRecoveryCode,
  ApiClient,
  ApiClientKey,
  ApiClientEncryptionKey,
];
