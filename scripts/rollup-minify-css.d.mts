import type { Plugin } from 'rollup';

export function minifyCss(text: string, trim?: boolean): string;
export function minifyCssTemplates(code: string): string;
export function minifyCssPlugin(): Plugin;
