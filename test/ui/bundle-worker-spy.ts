/**
 * Counts the Web Workers a page starts and the moves they answer with. Imported before the bundle
 * under test, so that its workers are counted.
 */
export const workers = { started: 0, answers: 0, errors: 0 };

const PageWorker = window.Worker;
window.Worker = class CountedWorker extends PageWorker {
  constructor(url: string | URL, options?: WorkerOptions) {
    super(url, options);
    workers.started += 1;
    this.addEventListener('message', ({ data }: MessageEvent) => {
      if (data && typeof data === 'object' && 'move' in data) workers.answers += 1;
    });
    this.addEventListener('error', () => (workers.errors += 1));
  }
};
