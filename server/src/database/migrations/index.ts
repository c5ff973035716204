import { Migration20261121000000_foundation } from './Migration20261121000000_foundation.js';

/** Every migration in order. A new migration is added here as well as in its own file. */
export const migrationsList = [
  { name: 'Migration20261121000000_foundation', class: Migration20261121000000_foundation },
];
