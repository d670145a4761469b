// Free of zod, so the sign-in page can use it without loading the schemas.

/** SPEC: non-empty and contains '@'. */
export function isPlausibleEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.includes('@');
}
