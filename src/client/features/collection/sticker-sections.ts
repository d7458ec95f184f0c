/** The sections an album's stickers name (issue 49), each once, in the album's order; none for most albums. */
export function albumSections(
  stickers: readonly { section?: string | null | undefined }[] | undefined,
): string[] {
  const sections = new Set<string>();
  for (const sticker of stickers ?? []) if (sticker.section) sections.add(sticker.section);
  return [...sections];
}
