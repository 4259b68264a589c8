// Bundles the playground into static files: `make playground` writes them into
// service/playground/static (committed; the server serves them at / and
// /playground/*), and tests/service/http/test_playground_bundle.py rebuilds them into
// a temporary directory to show the committed ones are not stale.
//
//   node build.mjs [OUT_DIR]
//
// esbuild's output is a function of its version (pinned in package-lock.json),
// the options below and the inputs (this folder with its locales/, ../src and the pinned
// packages in ../node_modules): the same tree gives the same bytes. Asset
// names carry a hash of their content, so they can be cached forever.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(process.argv[2] ?? path.join(here, "..", "..", "..", "service", "playground", "static"));

const result = await esbuild.build({
  absWorkingDir: here,
  entryPoints: { main: "src/main.ts", style: "src/style.css" },
  entryNames: "[name]-[hash]",
  outdir: "dist",
  bundle: true,
  // The page's catalogs (locales/<locale>/playground.ftl) go into the script as text.
  loader: { ".ftl": "text" },
  format: "esm",
  target: ["es2022", "chrome111", "firefox113", "safari16.4"],
  minify: true,
  charset: "utf8",
  legalComments: "eof",
  sourcemap: false,
  metafile: true,
  write: false,
  logLevel: "warning",
});

/** name for index.html ("main.js") -> [file name, bytes] */
const files = new Map();
for (const file of result.outputFiles) {
  const name = path.basename(file.path);
  const logical = `${name.slice(0, name.indexOf("-"))}${path.extname(name)}`;
  files.set(logical, [name, file.contents]);
}

const favicon = await readFile(path.join(here, "favicon.svg"));
const faviconHash = createHash("sha256").update(favicon).digest("hex").slice(0, 8);
files.set("favicon.svg", [`favicon-${faviconHash}.svg`, favicon]);

let html = await readFile(path.join(here, "index.html"), "utf8");
html = html.replace(/\{\{([a-z.]+)\}\}/g, (whole, logical) => {
  const found = files.get(logical);
  if (!found) throw new Error(`index.html names ${whole}, which the build does not make`);
  return found[0];
});

await mkdir(out, { recursive: true });
for (const stale of await readdir(out)) await rm(path.join(out, stale), { recursive: true });
await writeFile(path.join(out, "index.html"), html);
for (const [name, bytes] of files.values()) await writeFile(path.join(out, name), bytes);
console.log(`playground: ${[...files.values()].map(([name, bytes]) => `${name} (${bytes.length} B)`).join(", ")}, index.html -> ${out}`);
