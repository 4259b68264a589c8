/**
 * The fairness check: every view shows seed_commitment = SHA-256(salt || seed)
 * from step 0, and the outcome reveals seed and salt; recomputing the hash here
 * (WebCrypto) shows whether the revealed seed is the one committed to. Games
 * started before salts commit to SHA-256(seed).
 */

/** SHA-256(salt || seed); null where WebCrypto is missing (a page not in a secure context). */
export async function commitmentOf(seed: Uint8Array, salt: Uint8Array): Promise<Uint8Array | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const data = new Uint8Array(salt.length + seed.length);
  data.set(salt, 0);
  data.set(seed, salt.length);
  return new Uint8Array(await subtle.digest("SHA-256", data));
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
