export type { PingService } from './ping.service.js';
