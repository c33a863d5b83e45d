export const SERVER_ENTRY: string;
export function ensureServerBuilt(): void;
