import { defineModule } from '../../platform/module.js';
import { Municipality } from './municipality.entity.js';

export const municipalitiesModule = defineModule({
  name: 'municipalities',
  entities: [Municipality],
});
