/**
 * Keyboard movement in a group with one tab stop (roving tabindex): arrows step (mirrored right to
 * left), Home and End jump, and the ends wrap around.
 */
export function rovingIndex(key: string, index: number, count: number, rtl: boolean): number | null {
  if (count === 0) return null;
  switch (key) {
    case rtl ? 'ArrowLeft' : 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case rtl ? 'ArrowRight' : 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export const isRightToLeft = (element: Element): boolean => getComputedStyle(element).direction === 'rtl';
