/** `npm run bench`: every benchmark, printing figures (never asserting timings). */
import { benchEngine } from './engine.js';

const ms = Number(process.argv[2] ?? 3000);
for (const line of benchEngine(ms)) console.log(line);
