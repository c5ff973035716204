/** The face of modules/api-clients: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { countClientsAnsweringTo } from './api-client.service.js';
