import { Audience } from '../../kernel/permissions.js';
import type { RequestContext } from '../../kernel/request-context.js';
import type { AuditService } from './audit.service.js';
import * as q from './my-data.queries.js';

/** A resident's own data as one JSON document (AVG right of access, /account/gegevens). */
export interface MyDataExport {
  format: 'gemeentewinkel-mijn-gegevens';
  version: 1;
  createdAt: string;
  contactDetails: Record<string, unknown>;
  household: Record<string, unknown>;
  assignments: Record<string, unknown>[];
  orders: Record<string, unknown>[];
  messages: Record<string, unknown>[];
  /** Online applications with their answers, steps and proof files (each with its download address while kept). */
  applications: Record<string, unknown>[];
}

/**
 * Everything the platform keeps about the logged-in resident and their household, for download: contact details,
 * household, assignments, orders (with lines), inbox messages and online applications (with their proof files). Never the BSN (the resident knows it; it is shown
 * masked elsewhere). The download is audit-logged (`person.data_downloaded`).
 */
export class MyDataService {
  constructor(private readonly audit: AuditService) {}

  async export(ctx: RequestContext): Promise<MyDataExport | null> {
    const viewer = ctx.viewer;
    if (viewer.kind !== Audience.CUSTOMER) return null;
    const em = ctx.em;
    const person = await q.contactDetails(em, viewer.personId);
    if (!person) return null;
    const group = await q.household(em, viewer.clientGroupId);
    const members = await q.members(em, viewer.clientGroupId);
    const assignments = await q.assignments(em, viewer.clientGroupId);
    const orders = await q.orders(em, viewer.clientGroupId);
    const messages = await q.messages(em, viewer.clientGroupId, viewer.personId);
    const applications = await q.applications(em, viewer.clientGroupId);
    await this.audit.record(ctx, {
      action: 'person.data_downloaded',
      subjectType: 'person',
      subjectId: viewer.personId,
      details: {
        clientGroupId: viewer.clientGroupId,
        assignments: assignments.length,
        orders: orders.length,
        messages: messages.length,
        applications: applications.length,
      },
    });
    return {
      format: 'gemeentewinkel-mijn-gegevens',
      version: 1,
      createdAt: ctx.clock.now().toISOString(),
      contactDetails: person,
      household: { ...group, members },
      assignments,
      orders,
      messages,
      applications,
    };
  }
}
