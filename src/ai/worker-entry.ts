/** A worker script of the AI alone, for pages and tests that load modules unbundled. */
import { answerQuestions } from './worker.js';

answerQuestions();
