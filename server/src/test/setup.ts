import 'reflect-metadata';
import { afterAll } from 'vitest';
import { setApplicationClock, systemClock } from '../kernel/clock.js';
import { removeTestFolders } from './folders.js';

// Test files share their worker's modules (vitest.config.ts: `isolate: false`), so what one file leaves in a module
// the next one would find. The process-wide state is reset here, before each file, to what a fresh process has:
// the application clock (kernel/clock.ts) is the system's until a boot() sets its own.
setApplicationClock(systemClock);

// The temporary folders a file made with testFolder() (src/test/folders.ts) go when its tests are done.
afterAll(removeTestFolders);
