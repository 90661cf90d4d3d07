/** The solve-service contract, in one process: solver threads and an in-memory cache, no Redis. */
import { runServiceSuite } from './service-suite.js';

runServiceSuite({ name: 'in-process', env: () => ({}) });
