import { defineModule } from '../../platform/module.js';
import { ClientGroup } from './client-group.entity.js';
import { Person } from './person.entity.js';
import { Card } from './card.entity.js';
import { CustomersResolver } from './customers.resolver.js';

export const customersModule = defineModule({
  name: 'customers',
  entities: [ClientGroup, Person, Card],
  resolvers: [CustomersResolver],
});
