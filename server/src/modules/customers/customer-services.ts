import type { Config } from '../../config/config.js';
import { AuditService } from '../audit/audit.service.js';
import { ArrangementService } from '../arrangements/arrangement.service.js';
import { OrderViewService } from '../orders/order-view.service.js';
import { CardService } from './card.service.js';
import { ClientGroupService } from './client-group.service.js';
import { PersonService, type PersonErasureHook } from './person.service.js';

/** Customers (client groups, persons, cards), arrangements and the audit trail, wired together. */
export function createCustomerServices(config: Config, options: { audit?: AuditService; erasureHooks?: PersonErasureHook[] } = {}) {
  const audit = options.audit ?? new AuditService();
  const cards = new CardService(audit);
  return {
    audit,
    cards,
    clientGroups: new ClientGroupService(config.bsn, audit, cards),
    persons: new PersonService(config.bsn, audit, new OrderViewService(), options.erasureHooks ?? []),
    arrangements: new ArrangementService(audit),
  };
}
