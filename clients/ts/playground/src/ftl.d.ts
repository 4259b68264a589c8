/** A Fluent catalog, bundled as its text (build.mjs: the `text` loader for .ftl). */
declare module "*.ftl" {
  const source: string;
  export default source;
}
