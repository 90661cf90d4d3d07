/**
 * Preloaded with `node --import` by tests: appends the URL of every file module the process loads, one a line,
 * to the file named by GRUNDY_LOADS_FILE (the hooks run on Node's loader thread, ./record-loads-hooks.js).
 */
import { register } from 'node:module';

register('./record-loads-hooks.js', import.meta.url);
