export const NGINX_TEMPLATE: string;
export function nginxBinary(): string | null;
export function nginxMissing(): string | null;
export function freePort(): Promise<number>;
export function renderNginxConf(options: { listen: string; servers: string[]; prefix: string; failTimeout?: number }): string;
export interface RunningNginx {
  url: string;
  port: number;
  pid: number;
  pids(): number[];
  readonly errors: string;
  stop(): Promise<void>;
}
export function startNginx(options: { servers: string[]; port?: number; failTimeout?: number }): Promise<RunningNginx>;
