/** A proto enum value's name as the catalogs spell it in an id: NUTMEG_AND_MACE -> "nutmeg-and-mace". */
export function slug(enumName: string | undefined): string {
  return (enumName ?? "unspecified").toLowerCase().replaceAll("_", "-");
}
