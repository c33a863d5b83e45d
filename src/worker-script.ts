/**
 * The bundle as the computer players' worker script. Loaded as a Web Worker, it answers their
 * questions; in a page, it names itself as that worker's script. The entry imports it before any
 * element module: an element already in the page upgrades while its module defines it, and its first
 * question (a hint, a computer that leads) may come soon after (at tempo instant, in the classic script
 * whose statechart is inside it, within the same task), so the script must be known by then.
 */
import { configureAiWorker } from './ai/worker-start.js';
import { answerQuestions, inWorker } from './ai/worker.js';

if (inWorker()) {
  answerQuestions();
} else {
  // A classic script (the IIFE build) is its document.currentScript while it first runs; a module is not.
  const script = typeof document !== 'undefined' ? document.currentScript : null;
  if (script instanceof HTMLScriptElement) configureAiWorker(script.src, 'classic');
  else configureAiWorker(import.meta.url, 'module');
}
