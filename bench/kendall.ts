/**
 * Kendall's τ-b: how far two rankings of the same things agree, from −1 (reversed) to 1 (the same), with
 * ties in either ranking accounted for (τ-b divides by the pairs each ranking tells apart, so four levels of
 * thirty tied identities do not count as disagreement). O(n²): meant for the hundred or so identities of
 * bench/rating-quality.ts, not for large samples.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new Error(`kendallTauB: ${x.length} values against ${y.length}`);
  if (x.length < 2) throw new Error('kendallTauB: at least two pairs of values');
  let concordant = 0;
  let discordant = 0;
  let tiedInX = 0;
  let tiedInY = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0) tiedInX++;
      if (dy === 0) tiedInY++;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) concordant++;
        else discordant++;
      }
    }
  }
  const pairs = (x.length * (x.length - 1)) / 2;
  const denominator = Math.sqrt((pairs - tiedInX) * (pairs - tiedInY));
  // A ranking with everything tied orders nothing: τ is undefined.
  return denominator === 0 ? NaN : (concordant - discordant) / denominator;
}
