// Types for `louise/astro/EditMode.astro` where Astro's own tooling does not
// read the component (plain `tsc`): the shape astro/client gives any `.astro`
// module. It takes no props.
declare const EditMode: (props: Record<string, never>) => unknown;
export default EditMode;
