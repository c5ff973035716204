import 'reflect-metadata';
import { setApplicationClock, systemClock } from '../kernel/clock.js';

// Test files share their worker's modules (vitest.config.ts: `isolate: false`), so what one file leaves in a module
// the next one would find. The process-wide state is reset here, before each file, to what a fresh process has:
// the application clock (kernel/clock.ts) is the system's until a boot() sets its own.
setApplicationClock(systemClock);
