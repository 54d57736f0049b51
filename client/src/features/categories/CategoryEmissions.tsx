/**
 * The emissions section of a category's page: a slot, deliberately empty on this branch.
 *
 * TODO(lead, after merging the cube work of issue 11): fill this with the category's EMISSIONS_KG
 * (the spend cube's measure, filtered to the category by `drillFilter`), its trend and the share of
 * its spend that is unmapped (shown as such, never as zero). Nothing is computed here so that the
 * emission factors stay in one place: the cube.
 */
export function CategoryEmissions(_props: { categoryId: string; drillFilter: unknown }) {
  return null;
}
