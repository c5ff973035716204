import { defineModule } from '../../platform/module.js';
import { LedgerAccount, LedgerEntry, LedgerTransaction } from './ledger.entities.js';

export const ledgerModule = defineModule({
  name: 'ledger',
  entities: [LedgerAccount, LedgerTransaction, LedgerEntry],
});
