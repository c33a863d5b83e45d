export const SERVER_ENTRY: string;
/** Builds the widget (dist/) when a bundle is missing or older than the sources. */
export function ensureWidgetBuilt(): void;
export function ensureServerBuilt(): void;
