// `npm run lint:api` / `npm run api:update`: the package's public API as
// API Extractor reports it, one checked-in report per entry in api/
// (`louise-commerce-merch.api.md` for `louise/commerce/merch`), from the
// built declarations (run `npm run build:pkg` first).
//   node scripts/api-report.mjs           compare: fails when the built API
//                                         differs from a checked-in report
//   node scripts/api-report.mjs --local   rewrite the reports (after a
//                                         deliberate API change; review the diff)
// API Extractor takes one entry point per run; the runs share one compiler
// program (CompilerState), so the declarations are read once.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompilerState, Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { apiEntries } from './api-surface.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const REPORTS = join(root, 'api');
const TEMP = join(root, '.louise', 'api-report');
const local = process.argv.includes('--local');

/** `louise/commerce/merch` -> `louise-commerce-merch`, the report's file name without `.api.md`. */
export const reportName = (entry) => entry.replace(/\//g, '-');

for (const entry of apiEntries()) {
  if (!existsSync(join(root, entry.types))) {
    console.error(`api-report: ${entry.types} is missing; run \`npm run build:pkg\` first.`);
    process.exit(1);
  }
}
// `louise/astro/types` is ambient declarations (the virtual modules, Astro.locals), with no exports to report.
const entries = apiEntries().filter((entry) => /^(export|import)\b/m.test(readFileSync(join(root, entry.types), 'utf8')));
mkdirSync(REPORTS, { recursive: true });
mkdirSync(TEMP, { recursive: true });

const configOf = (entry) =>
  ExtractorConfig.prepare({
    configObjectFullPath: join(root, 'api', 'api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: join(root, entry.types),
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            module: 'nodenext',
            moduleResolution: 'nodenext',
            target: 'es2022',
            lib: ['es2023', 'dom', 'dom.iterable'],
            strict: true,
            skipLibCheck: true,
            types: ['astro/client'],
          },
          files: [join(root, '.louise', 'build', 'runtime.d.ts'), join(root, entry.types)],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: `${reportName(entry.name)}.api.md`,
        reportFolder: REPORTS,
        reportTempFolder: TEMP,
        includeForgottenExports: false,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          default: { logLevel: 'warning', addToApiReportFile: true },
          // Release tags (@public/@beta) are not how this package marks its surface: one entry per area is.
          'ae-missing-release-tag': { logLevel: 'none', addToApiReportFile: false },
          // A type a public signature names but no entry exports is recorded in the report, not fatal.
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
          'ae-unresolved-link': { logLevel: 'none', addToApiReportFile: false },
          // Both name a .d.ts line or a dependency's file: notes that change with any unrelated edit, not API changes.
          'ae-undocumented': { logLevel: 'none', addToApiReportFile: false },
          'ae-wrong-input-file-type': { logLevel: 'none', addToApiReportFile: false },
        },
        tsdocMessageReporting: { default: { logLevel: 'none', addToApiReportFile: false } },
      },
    },
  });

const configs = entries.map(configOf);
const compilerState = CompilerState.create(configs[0], { additionalEntryPoints: configs.map((config) => config.mainEntryPointFilePath) });
const changed = [];
let errors = 0;
for (const [i, config] of configs.entries()) {
  const result = Extractor.invoke(config, {
    localBuild: local,
    compilerState,
    messageCallback(message) {
      // API Extractor's own progress lines; its warnings and errors still print.
      if (message.logLevel === 'info' || message.logLevel === 'verbose') message.handled = true;
    },
  });
  errors += result.errorCount;
  if (result.apiReportChanged) changed.push(entries[i].name);
}
// A report whose entry is gone (a removed export) is stale.
const wanted = new Set(entries.map((entry) => `${reportName(entry.name)}.api.md`));
const stale = readdirSync(REPORTS).filter((file) => file.endsWith('.api.md') && !wanted.has(file));
if (local) for (const file of stale) rmSync(join(REPORTS, file));
rmSync(TEMP, { recursive: true, force: true });

if (local) {
  console.log(
    `api-report: ${entries.length} reports in api/${changed.length ? ` (updated: ${changed.join(', ')})` : ', unchanged'}${stale.length ? `; removed ${stale.join(', ')}` : ''}`,
  );
} else if (changed.length || stale.length || errors) {
  console.error(
    `api-report: the built API differs from the checked-in report${changed.length ? ` for ${changed.join(', ')}` : ''}${stale.length ? `; stale: ${stale.join(', ')}` : ''}.` +
      ' If the change is meant, run `npm run api:update` and commit api/.',
  );
  process.exit(1);
} else {
  console.log(`api-report: ${entries.length} entries match api/`);
}
